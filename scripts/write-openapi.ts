// `npm run openapi`: writes the generated OpenAPI document to docs/openapi.json. The test
// src/server/openapi.test.ts fails when the committed file and the routes drift apart.
import { writeFileSync } from 'node:fs';
import { generateOpenApiDocument } from '../src/server/openapi.ts';

const target = new URL('../docs/openapi.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(generateOpenApiDocument(), null, 2)}\n`);
console.log(`Wrote ${target.pathname}`);
