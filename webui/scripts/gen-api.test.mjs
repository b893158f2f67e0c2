// The gen:api script's own test (plain JavaScript: src/ is type-checked for the browser, without Node's types).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'gen-api.mjs');

const documentWith = (summary) => `openapi: 3.1.0
info: { title: t, version: '1' }
paths:
  /api/ping:
    get:
      operationId: ping
      summary: ${summary}
      responses:
        '200':
          description: ok
          content: { application/json: { schema: { type: object, required: [ok], properties: { ok: { type: boolean } } } } }
`;

/** Runs gen-api on a document and output of its own; the exit code and what it printed. */
async function genApi(dir, ...flags) {
  const args = [SCRIPT, '--document', join(dir, 'openapi.yaml'), '--output', join(dir, 'openapi.gen.ts'), ...flags];
  try {
    const { stdout } = await run(process.execPath, args);
    return { code: 0, output: stdout };
  } catch (error) {
    return { code: error.code, output: error.stdout + error.stderr };
  }
}

describe('gen:api and its freshness check (npm test runs check:api)', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gen-api-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('generates the paths of the document, then finds the file fresh, and stale once the document changes', async () => {
    await writeFile(join(dir, 'openapi.yaml'), documentWith('Ping the API'));
    expect((await genApi(dir)).code).toBe(0);
    const generated = await readFile(join(dir, 'openapi.gen.ts'), 'utf8');
    expect(generated).toContain('"/api/ping"');
    expect(generated).toContain('ok: boolean;');
    expect(await genApi(dir, '--check')).toMatchObject({ code: 0 });

    await writeFile(join(dir, 'openapi.yaml'), documentWith('Ping the API again'));
    const stale = await genApi(dir, '--check');

    expect(stale.code).toBe(1);
    expect(stale.output).toContain('is stale');
    expect(stale.output).toContain('Run `npm run gen:api`');
    expect(await readFile(join(dir, 'openapi.gen.ts'), 'utf8')).toBe(generated);
  }, 30_000);

  it('finds a missing file stale', async () => {
    await writeFile(join(dir, 'openapi.yaml'), documentWith('Ping'));
    await rm(join(dir, 'openapi.gen.ts'), { force: true });
    expect((await genApi(dir, '--check')).code).toBe(1);
  }, 30_000);
});
