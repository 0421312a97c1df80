import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { analyzeArchive } from '../analyze-archive.ts';
import { CAPABILITY_KINDS, type CapabilityKind, type CapabilitySummary } from './capability.ts';
import { compareCapabilities } from './compare-capabilities.ts';

// Each capability kind from a small pack that shows it and a near miss that must not, read through
// the whole analysis (zip check, parse, scan) as an uploaded archive is; then pairs of versions.

const encode = (text: string) => new TextEncoder().encode(text);

async function capabilitiesOf(files: Record<string, string | Uint8Array>): Promise<CapabilitySummary> {
  const zip = zipSync(
    Object.fromEntries(Object.entries(files).map(([p, c]) => [p, typeof c === 'string' ? encode(c) : c])),
  );
  const { scan } = await analyzeArchive(zip, { sha256: null }, 50 * 1024 * 1024);
  return scan.capabilities;
}

const kindsOf = (summary: CapabilitySummary) => Object.keys(summary).sort();
const py = (code: string) => ({ '__init__.py': 'NODE_CLASS_MAPPINGS = {}\n', 'nodes.py': code });
const elf = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array<number>(60).fill(0)]);

const cases: {
  kind: CapabilityKind;
  hit: Record<string, string | Uint8Array>;
  miss: Record<string, string | Uint8Array>;
}[] = [
  {
    kind: 'network',
    hit: py('import requests as rq\n\ndef fetch(u):\n    return rq.get(u).content\n'),
    miss: py('from aiohttp import web\n\ndef ok():\n    return web.json_response({})\n'),
  },
  {
    kind: 'subprocess',
    hit: py('from subprocess import Popen\nPopen(["ffmpeg", "-i", "x"])\n'),
    miss: py('import subprocess\nprint(subprocess.DEVNULL)\n'),
  },
  {
    kind: 'runtime_install',
    hit: py('import pip\npip.main(["install", "numpy"])\n'),
    miss: py('# run: pip install numpy\nREADME = "pip install numpy"\n'),
  },
  {
    kind: 'dynamic_code',
    hit: py('import importlib\n\ndef load(name):\n    return importlib.import_module(name)\n'),
    miss: py('import importlib\nm = importlib.import_module("json")\neval("1 + 1")\n'),
  },
  {
    kind: 'http_routes',
    hit: py(
      'from server import PromptServer\n\n@PromptServer.instance.routes.post("/my/api")\nasync def api(request):\n    pass\n',
    ),
    miss: py('routes = []\nroutes.append("/x")\n'),
  },
  {
    kind: 'native_binaries',
    hit: { ...py('x = 1\n'), 'lib/data.bin.txt': elf },
    miss: { ...py('x = 1\n'), 'lib/notes.txt': 'plain text' },
  },
  {
    kind: 'file_writes_outside',
    hit: py('import os\np = os.path.expanduser("~/.bashrc")\nwith open(p, "a") as f:\n    f.write("x")\n'),
    miss: py(
      'import os\nhere = os.path.dirname(__file__)\nwith open(os.path.join(here, "cache.json"), "w") as f:\n    f.write("{}")\n',
    ),
  },
  {
    kind: 'env_reads',
    hit: py('import os\ntoken = os.environ["HF_TOKEN"]\n'),
    miss: py('import os\nprint(os.sep)\n'),
  },
];

describe('capability summary', () => {
  it('covers every kind with a case', () => {
    expect(cases.map((c) => c.kind).sort()).toEqual([...CAPABILITY_KINDS].sort());
  });

  for (const { kind, hit, miss } of cases) {
    it(`${kind}: found where the pack shows it`, async () => {
      const summary = await capabilitiesOf(hit);
      expect(kindsOf(summary)).toEqual([kind]);
      expect(summary[kind]!.count).toBeGreaterThan(0);
    });
    it(`${kind}: not found in a near miss`, async () => {
      expect(await capabilitiesOf(miss)).toEqual({});
    });
  }

  it('reads os.getenv and a uv pip install through subprocess', async () => {
    const summary = await capabilitiesOf(
      py(
        'import os, subprocess, sys\nkey = os.getenv("API_KEY")\nsubprocess.check_call(["uv", "pip", "install", "x"])\n',
      ),
    );
    expect(kindsOf(summary)).toEqual(['env_reads', 'runtime_install', 'subprocess']);
    expect(summary.runtime_install!.places).toEqual([
      { file: 'nodes.py', line: 3, snippet: 'subprocess.check_call(["uv", "pip", "install", "x"])' },
    ]);
  });
});

describe('capabilities between versions', () => {
  const v1 = py('def run(image):\n    return image\n');
  const v2 = py(
    [
      'import subprocess, sys',
      '',
      'def run(image):',
      '    subprocess.run(["convert", "a.png", "b.png"])',
      '    return image',
      '',
      'def setup():',
      '    subprocess.check_call([sys.executable, "-m", "pip", "install", "opencv-python"])',
      '',
    ].join('\n'),
  );

  it('a v2 that adds subprocess.run and a runtime pip install gains exactly those two, with file and line', async () => {
    const { gained, lost } = compareCapabilities(await capabilitiesOf(v1), await capabilitiesOf(v2));
    expect(lost).toEqual([]);
    expect(gained.map((g) => g.kind)).toEqual(['subprocess', 'runtime_install']);
    const places = Object.fromEntries(gained.map((g) => [g.kind, g.places.map((p) => `${p.file}:${p.line}`)]));
    expect(places).toEqual({ subprocess: ['nodes.py:4', 'nodes.py:8'], runtime_install: ['nodes.py:8'] });
  });

  it('a v3 that removes them loses them, with where v2 had them', async () => {
    const { gained, lost } = compareCapabilities(await capabilitiesOf(v2), await capabilitiesOf(v1));
    expect(gained).toEqual([]);
    expect(lost.map((l) => `${l.kind}@${l.places[0]!.file}:${l.places[0]!.line}`)).toEqual([
      'subprocess@nodes.py:4',
      'runtime_install@nodes.py:8',
    ]);
  });
});

describe('a pair of versions per kind', () => {
  // Each kind on its own: an update from the near miss to the pack that shows it gains exactly that
  // kind, with places; going back loses exactly it. The done-when, for every kind.
  for (const { kind, hit, miss } of cases) {
    it(`${kind}: gained from its near miss with file and line, lost going back`, async () => {
      const [before, after] = await Promise.all([capabilitiesOf(miss), capabilitiesOf(hit)]);
      const update = compareCapabilities(before, after);
      expect(update.lost).toEqual([]);
      expect(update.gained.map((g) => g.kind)).toEqual([kind]);
      const places = update.gained[0]!.places;
      expect(places.length).toBeGreaterThan(0);
      for (const place of places) {
        expect(place.file).not.toBe('');
        // A bundled binary is a whole file; every other kind points at a line.
        if (kind === 'native_binaries') expect(place.line).toBeNull();
        else expect(place.line).toBeGreaterThan(0);
      }
      const back = compareCapabilities(after, before);
      expect(back.gained).toEqual([]);
      expect(back.lost.map((l) => l.kind)).toEqual([kind]);
      expect(back.lost[0]!.places).toEqual(places);
    });
  }
});
