// Writes working-dir-example/octx/vectors/chunks.arrow: one 4-dimensional float32 vector per chunk,
// derived from the chunk id so the file is reproducible. Run once; the output is committed.
import * as arrow from 'apache-arrow';
import { readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';

const dir = 'working-dir-example/octx';
const ids = readFileSync(`${dir}/data/chunks.jsonl`, 'utf8').trim().split('\n').map((l) => JSON.parse(l).id);
const dim = 4;
const values = new Float32Array(ids.length * dim);
ids.forEach((id, i) => {
  const h = createHash('sha256').update(id).digest();
  for (let j = 0; j < dim; j++) values[i * dim + j] = (h[j] - 128) / 128;
});
const item = new arrow.Field('item', new arrow.Float32(), false);
const vecType = new arrow.FixedSizeList(dim, item);
const schema = new arrow.Schema([new arrow.Field('record_id', new arrow.Utf8(), false), new arrow.Field('vector', vecType, false)]);
const idVec = arrow.vectorFromArray(ids, new arrow.Utf8());
const valueData = arrow.makeData({ type: new arrow.Float32(), length: values.length, data: values });
const vecData = arrow.makeData({ type: vecType, length: ids.length, child: valueData });
const batch = new arrow.RecordBatch(schema, arrow.makeData({ type: new arrow.Struct(schema.fields), length: ids.length, children: [idVec.data[0], vecData] }));
const table = new arrow.Table([batch]);
writeFileSync(`${dir}/vectors/chunks.arrow`, arrow.tableToIPC(table, 'file'));
console.log(`wrote ${ids.length} vectors`);
