// `npm run schema`: regenerates sut/profile.schema.json from the Zod profile schema (test/sut/profile-schema.test.ts
// fails while the committed file is stale).
import { writeFile } from 'node:fs/promises';
import { profileJsonSchema } from '../sut/profile-load.ts';

const file = new URL('../sut/profile.schema.json', import.meta.url);
await writeFile(file, `${JSON.stringify(profileJsonSchema(), null, 2)}\n`);
console.log(`wrote ${file.pathname}`);
