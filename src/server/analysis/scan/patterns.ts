// Text patterns the rules match against string literals. Path-shaped and case-sensitive where the
// study found prose false positives ("cookies" as a dataset category, ".profile" in docstrings).

/** Network tools in a command line. */
export const NETWORK_TOOL =
  /(?:^|[\s"'`;|&(/\\])(?:curl|wget|powershell|pwsh|Invoke-WebRequest|Invoke-RestMethod|iwr|irm|certutil|bitsadmin|mshta|rundll32|regsvr32|nc|ncat|netcat|socat|tftp)(?:\.exe)?(?=$|[\s"'`;|&)])|\/dev\/tcp\//i;

/** Download-and-run in one command. */
export const PIPED_EXEC =
  /\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\|\s*(?:iex|Invoke-Expression)\b|\b(?:iex|Invoke-Expression)\s*[(\s]|\bnc(?:at)?\s+(?:-\w+\s+)*-e\s|base64\s+(?:-d|--decode)\s*\|/i;

/** Browser stores, wallets, chat sessions and credential files. */
export const CREDENTIAL_PATH = new RegExp(
  [
    String.raw`[\\/]Login Data\b`,
    String.raw`[\\/]Local State\b`,
    String.raw`[\\/]Network[\\/]Cookies\b`,
    String.raw`[\\/]Cookies(?:\.sqlite)?$`,
    String.raw`\blogins\.json\b`,
    String.raw`\bkey[34]\.db\b`,
    String.raw`\bcookies\.sqlite\b`,
    String.raw`Google[\\/]Chrome[\\/]User Data`,
    String.raw`Microsoft[\\/]Edge[\\/]User Data`,
    String.raw`BraveSoftware[\\/]Brave-Browser`,
    String.raw`Mozilla[\\/]Firefox[\\/]Profiles`,
    String.raw`\bwallet\.dat\b`,
    String.raw`[\\/]Exodus[\\/]`,
    String.raw`[\\/]Electrum[\\/]wallets`,
    'nkbihfbeogaeaoehlefnkodbefgpgknn', // MetaMask extension id
    'bfnaelmomeimhlpmgjnjophhpkkoljpa', // Phantom extension id
    String.raw`Telegram Desktop[\\/]tdata`,
    String.raw`[\\/]tdata[\\/]`,
    String.raw`discord(?:canary|ptb)?[\\/]Local Storage[\\/]leveldb`,
    String.raw`\.ssh[\\/]id_(?:rsa|dsa|ecdsa|ed25519)`,
    String.raw`\.aws[\\/]credentials`,
    String.raw`\.git-credentials`,
    String.raw`(?:^|[\\/~])\.netrc\b`,
    String.raw`\.kube[\\/]config`,
  ].join('|'),
);

/** Endpoints used to send stolen data out. */
export const EXFIL_ENDPOINT =
  /(?:discord(?:app)?\.com\/api\/webhooks\/|api\.telegram\.org\/bot|pastebin\.com\/raw|hastebin\.com|transfer\.sh|gofile\.io|\.ngrok(?:-free)?\.(?:io|app)|webhook\.site|\.pipedream\.net|\.oast\.(?:fun|live|me|pro|site|online)|interact\.sh)/i;

const URL_PATH = /\bhttps?:\/\/[^\s/'"]+(\/[^\s'"?#]*)/gi;

/** Extensions of things that run when downloaded and opened. */
const EXECUTABLE_EXT = /\.(?:exe|dll|scr|msi|bat|cmd|ps1|vbs|jar|apk|appimage|deb|rpm|dmg|pkg|com|cpl|hta|lnk)$/i;

/** The paths of the URLs in a string (the host is not a file name: "hf-mirror.com" is not a .com file). */
export function urlPaths(text: string): string[] {
  return [...text.matchAll(URL_PATH)].map((match) => decodeURIComponentSafe(match[1] ?? ''));
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export const isExecutableUrlPath = (path: string) => EXECUTABLE_EXT.test(path);
export const isWheelUrlPath = (path: string) => /\.whl$/i.test(path);

/** Long base64 or hex literals (payloads kept out of sight). */
export function isEncodedBlob(text: string): boolean {
  if (text.length < 2000) return false;
  // Line breaks are allowed (wrapped base64), spaces are not: prose is not a payload.
  const compact = text.replace(/[\r\n]+/g, '');
  if (/^(?:[0-9a-fA-F]{2})+$/.test(compact)) return true;
  return (
    /^[A-Za-z0-9+/_-]+={0,2}$/.test(compact) && /\d/.test(compact) && /[A-Z]/.test(compact) && /[a-z]/.test(compact)
  );
}

/** Extra pip arguments that pull code from outside the declared dependencies. */
export const REMOTE_PIP_SOURCE = /git\+|https?:\/\/|--(?:extra-)?index-url|--find-links|(?:^|\s|=)-[if]\s|\.whl\b/i;
