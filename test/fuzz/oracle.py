#!/usr/bin/env python3
"""Independent oracles for the canonical JSON forms ctxforge signs and digests, written from the
specs alone (no code shared with src/): RFC 8785 JCS (OCTX package_digest, ACX payloads) and CTXPKG
v2 section 9.1 canonical_json. One process answers many requests: one JSON object per stdin line
({"op": "jcs" | "canonical_json", "input": <JSON text>}), one per stdout line ({"ok": text} or
{"error": reason}), so a property run costs a pipe round trip, not a process start."""
import json
import math
import sys


class Refused(Exception):
    pass


# ---------------------------------------------------------------- shared string rules
SHORT = {0x08: '\\b', 0x09: '\\t', 0x0A: '\\n', 0x0C: '\\f', 0x0D: '\\r', 0x22: '\\"', 0x5C: '\\\\'}


def has_lone_surrogate(s):
    return any(0xD800 <= ord(c) <= 0xDFFF for c in s)


def quote(s):
    # Both specs escape exactly ", \ and C0 controls, with the short forms where they exist and
    # lowercase \u00xx otherwise; everything else (DEL, C1, U+2028, non-ASCII) is written raw.
    out = ['"']
    for c in s:
        o = ord(c)
        if o in SHORT:
            out.append(SHORT[o])
        elif o < 0x20:
            out.append('\\u%04x' % o)
        else:
            out.append(c)
    out.append('"')
    return ''.join(out)


def digits_and_exponent(x):
    """Shortest round-trip decimal digits of a positive finite double and the exponent n such that
    x = 0.d1d2...dk * 10**n (ECMA-262's n), from Python's repr (David Gay's shortest algorithm)."""
    r = repr(x)
    if 'e' in r or 'E' in r:
        mant, exp = r.lower().split('e')
        exp = int(exp)
    else:
        mant, exp = r, 0
    if '.' in mant:
        ip, fp = mant.split('.')
    else:
        ip, fp = mant, ''
    digits = (ip + fp).lstrip('0')
    # position of the decimal point relative to the digit string
    point = len(ip) + exp
    lead = len(ip + fp) - len((ip + fp).lstrip('0'))
    n = point - lead
    digits = digits.rstrip('0') or '0'
    return digits, n


# ---------------------------------------------------------------- RFC 8785
def es_number(x):
    """ECMA-262 Number::toString(x) for a finite double (RFC 8785 section 3.2.2.3)."""
    if x == 0:
        return '0'
    if x < 0:
        return '-' + es_number(-x)
    s, n = digits_and_exponent(x)
    k = len(s)
    if k <= n <= 21:
        return s + '0' * (n - k)
    if 0 < n <= 21:
        return s[:n] + '.' + s[n:]
    if -6 < n <= 0:
        return '0.' + '0' * (-n) + s
    e = n - 1
    sign = '+' if e >= 0 else '-'
    if k == 1:
        return s + 'e' + sign + str(abs(e))
    return s[0] + '.' + s[1:] + 'e' + sign + str(abs(e))


def jcs(v):
    if v is None:
        return 'null'
    if v is True:
        return 'true'
    if v is False:
        return 'false'
    if isinstance(v, str):
        if has_lone_surrogate(v):
            raise Refused('lone surrogate')
        return quote(v)
    if isinstance(v, float):
        if not math.isfinite(v):
            raise Refused('non-finite number')
        return es_number(v)
    if isinstance(v, list):
        return '[' + ','.join(jcs(x) for x in v) + ']'
    if isinstance(v, dict):
        # Property names sorted by their UTF-16 code units (big-endian bytes compare the same way).
        keys = sorted(v, key=lambda k: k.encode('utf-16-be', 'surrogatepass'))
        return '{' + ','.join(quote(k) + ':' + jcs(v[k]) for k in keys) + '}'
    raise Refused('unexpected type %r' % type(v))


def jcs_text(text):
    # The input is the JSON text of a JavaScript value; every number is a double in I-JSON.
    return jcs(json.loads(text, parse_int=float, parse_constant=refuse_constant))


# ---------------------------------------------------------------- CTXPKG section 9.1
I64_MIN = -(2 ** 63)
U64_MAX = 2 ** 64 - 1


class Num:
    def __init__(self, lexeme, integer):
        self.lexeme = lexeme
        self.integer = integer


def refuse_constant(name):
    raise Refused('not JSON: ' + name)


def cj_number(num):
    lex = num.lexeme
    if num.integer and len(lex) < 25:
        i = int(lex)
        if I64_MIN <= i <= U64_MAX:
            return lex
    x = float(lex)
    if not math.isfinite(x):
        raise Refused('outside the double range')
    if x == 0:
        return '-0.0' if math.copysign(1.0, x) < 0 else '0.0'
    sign = '-' if x < 0 else ''
    d, n_exp = digits_and_exponent(abs(x))
    n = len(d)
    kk = n_exp          # position of the point after the digits: x = 0.d * 10**kk, so kk = n + k
    k = kk - n          # decimal exponent of the last digit
    if 0 <= k and kk <= 16:
        body = d + '0' * k + '.0'
    elif 0 < kk <= 16:
        body = d[:kk] + '.' + d[kk:]
    elif -5 < kk <= 0:
        body = '0.' + '0' * (-kk) + d
    else:
        e = kk - 1
        body = d[0] + ('.' + d[1:] if n > 1 else '') + 'e' + ('-' if e < 0 else '+') + str(abs(e))
    return sign + body


def cj(v):
    if v is None:
        return 'null'
    if v is True:
        return 'true'
    if v is False:
        return 'false'
    if isinstance(v, Num):
        return cj_number(v)
    if isinstance(v, str):
        if has_lone_surrogate(v):
            raise Refused('lone surrogate')
        return quote(v)
    if isinstance(v, list):
        return '[' + ','.join(cj(x) for x in v) + ']'
    if isinstance(v, tuple):  # an object as its member list, duplicates included
        last = {}
        for k, val in v:
            if has_lone_surrogate(k):
                raise Refused('lone surrogate in a name')
            last[k] = val
        keys = sorted(last, key=lambda k: k.encode('utf-8'))
        return '{' + ','.join(quote(k) + ':' + cj(last[k]) for k in keys) + '}'
    raise Refused('unexpected type %r' % type(v))


def cj_text(text):
    if text.startswith('\ufeff'):
        raise Refused('BOM')
    v = json.loads(text, object_pairs_hook=tuple,
                   parse_int=lambda s: Num(s, True), parse_float=lambda s: Num(s, False),
                   parse_constant=refuse_constant)
    return cj(v)


def main():
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        req = json.loads(line)
        try:
            if req['op'] == 'jcs':
                res = {'ok': jcs_text(req['input'])}
            else:
                res = {'ok': cj_text(req['input'])}
        except Refused as e:
            res = {'error': str(e)}
        except ValueError as e:  # not JSON at all (json.JSONDecodeError is a ValueError)
            res = {'error': 'not JSON: ' + str(e)}
        sys.stdout.write(json.dumps(res, ensure_ascii=True) + '\n')
        sys.stdout.flush()


if __name__ == '__main__':
    main()
