// The handful of GitHub REST endpoints a release and a PR check use, typed to the fields we read.
import { GitHubError, GitHubHttp, type RetryOptions, type UploadBody } from './http.js';

export interface GhAsset {
  id: number;
  name: string;
  size: number;
  state: string;
  url: string;
  browser_download_url: string;
  content_type?: string;
  /** "sha256:<hex>" on recent GitHub; absent on older servers. */
  digest?: string | null;
}

export interface GhRelease {
  id: number;
  tag_name: string;
  target_commitish?: string;
  name: string | null;
  draft: boolean;
  prerelease: boolean;
  immutable?: boolean;
  html_url: string;
  upload_url: string;
  assets: GhAsset[];
  body?: string | null;
}

export interface GhUser {
  login: string;
  id: number;
}

export interface GhComment {
  id: number;
  body: string;
  html_url?: string;
  /** The author (null for a deleted account). */
  user?: GhUser | null;
}

/** What GITHUB_TOKEN (a GitHub App installation token) writes is authored by this account. */
export const ACTIONS_BOT: GhUser = { login: 'github-actions[bot]', id: 41898282 };

export interface NewRelease {
  tag_name: string;
  target_commitish?: string;
  name?: string;
  body?: string;
  draft?: boolean;
  prerelease?: boolean;
  make_latest?: 'true' | 'false' | 'legacy';
}

export interface GhPull {
  number: number;
  head: { sha: string; ref: string };
}

export class GitHubApi {
  readonly http: GitHubHttp;
  private readonly base: string;
  constructor(token: string, apiUrl: string, readonly repository: string, retry: Partial<RetryOptions> = {}, log?: (s: string) => void) {
    this.http = new GitHubHttp(token, retry, log);
    this.base = apiUrl.replace(/\/+$/, '');
  }
  private repoUrl(path: string): string {
    return `${this.base}/repos/${this.repository}${path}`;
  }

  /** Published releases only: GitHub hides drafts from this endpoint. */
  async releaseByTag(tag: string): Promise<GhRelease | null> {
    const r = await this.http.request<GhRelease>('GET', this.repoUrl(`/releases/tags/${encodeURIComponent(tag)}`), { allowNotFound: true });
    return r.status === 404 ? null : r.data;
  }

  /** Every release including drafts (visible to tokens with push access), all pages. */
  async listReleases(maxPages = 20): Promise<GhRelease[]> {
    const out: GhRelease[] = [];
    for (let page = 1; page <= maxPages; page++) {
      const r = await this.http.request<GhRelease[]>('GET', this.repoUrl(`/releases?per_page=100&page=${page}`));
      const items = r.data ?? [];
      out.push(...items);
      if (items.length < 100 || !(r.headers.get('link') ?? '').includes('rel="next"')) break;
    }
    return out;
  }

  async createRelease(body: NewRelease): Promise<GhRelease> {
    return (await this.http.request<GhRelease>('POST', this.repoUrl('/releases'), { body })).data!;
  }

  async updateRelease(id: number, body: Partial<NewRelease>): Promise<GhRelease> {
    return (await this.http.request<GhRelease>('PATCH', this.repoUrl(`/releases/${id}`), { body, retryNotFound: true })).data!;
  }

  async listAssets(id: number): Promise<GhAsset[]> {
    const out: GhAsset[] = [];
    for (let page = 1; page <= 20; page++) {
      const r = await this.http.request<GhAsset[]>('GET', this.repoUrl(`/releases/${id}/assets?per_page=100&page=${page}`), { retryNotFound: true });
      const items = r.data ?? [];
      out.push(...items);
      if (items.length < 100) break;
    }
    return out;
  }

  /** Uploads to the host of the release's `upload_url` (uploads.github.com on github.com). */
  async uploadAsset(release: GhRelease, name: string, body: UploadBody, contentType: string): Promise<GhAsset> {
    const url = `${release.upload_url.replace(/\{.*\}$/, '')}?name=${encodeURIComponent(name)}`;
    return (await this.http.request<GhAsset>('POST', url, { upload: body, contentType, retryNotFound: true })).data!;
  }

  async deleteAsset(id: number): Promise<void> {
    await this.http.request('DELETE', this.repoUrl(`/releases/assets/${id}`), { allowNotFound: true });
  }

  async downloadAsset(asset: GhAsset): Promise<Buffer> {
    return (await this.http.request('GET', asset.url, { accept: 'application/octet-stream', retryNotFound: true })).bytes;
  }

  /**
   * Who this token writes as: GET /user for a user's token; an installation token (GITHUB_TOKEN)
   * is not a user and gets 403 there, and what it writes is authored by github-actions[bot].
   */
  async viewer(): Promise<GhUser> {
    try {
      const r = await this.http.request<GhUser>('GET', `${this.base}/user`, { allowNotFound: true });
      return r.status === 200 && r.data && typeof r.data.login === 'string' && typeof r.data.id === 'number' ? { login: r.data.login, id: r.data.id } : ACTIONS_BOT;
    } catch (e) {
      if (e instanceof GitHubError && e.status === 403) return ACTIONS_BOT;
      throw e;
    }
  }

  /** Removes a release (its tag stays); used only on a draft this run created itself. */
  async deleteRelease(id: number): Promise<void> {
    await this.http.request('DELETE', this.repoUrl(`/releases/${id}`), { allowNotFound: true });
  }

  async listIssueComments(issue: number): Promise<GhComment[]> {
    const out: GhComment[] = [];
    for (let page = 1; page <= 20; page++) {
      const r = await this.http.request<GhComment[]>('GET', this.repoUrl(`/issues/${issue}/comments?per_page=100&page=${page}`));
      const items = r.data ?? [];
      out.push(...items);
      if (items.length < 100) break;
    }
    return out;
  }

  /** Open pull requests whose head is `owner:branch` (GitHub's `head` filter). */
  async openPullsByHead(head: string): Promise<GhPull[]> {
    const r = await this.http.request<GhPull[]>('GET', this.repoUrl(`/pulls?state=open&per_page=100&head=${encodeURIComponent(head)}`));
    return r.data ?? [];
  }

  async createIssueComment(issue: number, body: string): Promise<GhComment> {
    return (await this.http.request<GhComment>('POST', this.repoUrl(`/issues/${issue}/comments`), { body: { body } })).data!;
  }

  async updateIssueComment(id: number, body: string): Promise<GhComment> {
    return (await this.http.request<GhComment>('PATCH', this.repoUrl(`/issues/comments/${id}`), { body: { body } })).data!;
  }
}
