// `npm run api-doc`: rewrites the generated reference of docs/api.md from the types of api/index.ts
// (api-reference.ts; test/api/api-doc.test.ts fails while the committed file is stale).
import { readFile, writeFile } from 'node:fs/promises';
import { apiReference, withReference } from './api-reference.ts';

const file = new URL('../docs/api.md', import.meta.url);
await writeFile(file, withReference(await readFile(file, 'utf8'), apiReference()));
console.log(`wrote ${file.pathname}`);
