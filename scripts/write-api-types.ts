// `npm run api-types`: writes src/lib/api/schema.d.ts from docs/openapi.json. The test
// src/lib/api/schema.test.ts fails when the committed file and the document drift apart.
import { writeFileSync } from 'node:fs';
import { API_TYPES_FILE, renderApiTypes } from './lib/api-types.ts';

writeFileSync(API_TYPES_FILE, await renderApiTypes());
console.log(`Wrote ${API_TYPES_FILE.pathname}`);
