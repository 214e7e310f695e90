// The browser support check of spec 000 §5, decided from the user-agent string alone so it runs
// anywhere (the web app passes Platform.userAgent in).
//
// Decisions where the spec is silent:
// - It is an allow-list. The spec names the browsers that work; a browser we cannot recognise
//   (no Chrome, Firefox, Safari, Edge or Opera token, an empty string, curl, ...) is reported
//   unsupported with a reason. `anybrowser=true` is the way round it.
// - "Linux ARM" means a desktop Linux on an ARM processor (`Linux armv7l`, `Linux aarch64`, as on
//   a Raspberry Pi), whatever the browser. Android (`Linux; Android ...`) and ChromeOS on ARM
//   (`CrOS aarch64`, `CrOS armv7l`) are not Linux ARM: Chromebooks are our main users.
// - Real Safari never runs on Linux, so a Safari-looking user agent on desktop Linux is a
//   WebKitGTK browser; GNOME Web (Epiphany) is the common one, so it is reported as `epiphany`.
// - On iPhone, iPad and iPod every browser runs Apple's WebKit, so Chrome (CriOS), Firefox
//   (FxiOS), Edge (EdgiOS) and Opera (OPT) there are judged like Safari, by the iOS release.
// - Chromium brands that are not named by the spec (Samsung Internet, Android WebView, Vivaldi,
//   Yandex, Brave, ...) are judged by their Chrome version.
// - Old Opera (Presto engine, including Opera Mini) and Internet Explorer are unsupported.
// - Bots are always supported, whatever their engine.

/** The browser family as recognised from the user agent. */
export type BrowserName =
  'chrome' | 'edge' | 'firefox' | 'safari' | 'opera' | 'samsung' | 'ie' | 'android' | 'midori' | 'epiphany' | 'unknown';

/** The verdict of checkBrowserSupport. */
export interface BrowserSupport {
  /** The editor may start: the rules pass, it is a bot, or `anyBrowser` overrode a failure. */
  readonly supported: boolean;
  readonly browser: BrowserName;
  /**
   * The major version the rule was applied to, or null when it could not be read. That is the
   * browser's own version, except that Samsung Internet reports its Chrome version and every
   * browser on iOS reports the iOS (Safari/WebKit) release it runs on.
   */
  readonly version: number | null;
  readonly isBot: boolean;
  /** True only when `anyBrowser` let through a browser that failed the rules. */
  readonly overridden: boolean;
  /** Why the browser fails the rules, in plain English; null when it passes (or is a bot). */
  readonly reason: string | null;
}

/** Options of checkBrowserSupport. */
export interface BrowserSupportOptions {
  /** The `anybrowser=true` page flag: start even on an unsupported browser. */
  anyBrowser?: boolean;
}

/** Oldest supported major versions (spec 000 §5). */
const MIN_BROWSER_VERSIONS = Object.freeze({ chrome: 38, firefox: 31, safari: 9, opera: 21 });

interface Detected {
  browser: BrowserName;
  version: number | null;
  /** Why the browser fails, or null when it passes. */
  reason: string | null;
}

const suggestion = 'Please use a recent Chrome, Edge, Firefox or Safari.';

const botPatterns: readonly RegExp[] = [
  // Crawlers that name themselves "...bot/1.0", "...spider/2.0", "...crawler/1.1".
  /[a-z](?:bot|spider|crawler)\/\d/i,
  /\b(?:bingbot|slurp|facebookexternalhit|facebookcatalog|mediapartners-google|adsbot-google|google-inspectiontool|googleother|feedfetcher-google|ia_archiver|petalbot|slackbot)\b/i,
  /\(compatible;[^)]*\b(?:bot|crawler|spider)\b/i,
];

function major(ua: string, pattern: RegExp): number | null {
  const match = pattern.exec(ua);
  if (!match?.[1]) return null;
  const value = Number.parseInt(match[1], 10);
  return Number.isFinite(value) ? value : null;
}

function atLeast(version: number | null, minimum: number): boolean {
  return version !== null && version >= minimum;
}

/** The iOS release from the WebKit build, for iOS user agents that carry nothing else. */
function iosFromWebKit(ua: string): number | null {
  const build = major(ua, /AppleWebKit\/(\d+)/);
  if (build === null) return null;
  if (build >= 605) return 12; // Frozen at 605.1.15 since iOS 12.
  if (build >= 604) return 11;
  if (build >= 602) return 10;
  if (build >= 601) return 9;
  return 8;
}

function detectIos(ua: string): Detected | null {
  const device = /\b(?:iPhone|iPad|iPod)\b/.test(ua) && /like Mac OS X/.test(ua);
  const iosBrand = /\b(?:CriOS|FxiOS|EdgiOS|OPiOS|OPT)\/\d/.test(ua);
  if (!device && !iosBrand) return null;
  let browser: BrowserName = 'safari';
  if (/\bCriOS\//.test(ua)) browser = 'chrome';
  else if (/\bFxiOS\//.test(ua)) browser = 'firefox';
  else if (/\bEdgiOS\//.test(ua)) browser = 'edge';
  else if (/\b(?:OPiOS|OPT)\//.test(ua)) browser = 'opera';
  // Safari's Version/ names its WebKit release (recent iOS releases freeze the OS number in the
  // user agent but not this); other iOS browsers give only the OS number; failing both, the
  // WebKit build tells.
  const version = major(ua, /\bVersion\/(\d+)/) ?? major(ua, /\bOS (\d+)[_.\d]* like Mac OS X/) ?? iosFromWebKit(ua);
  const reason = atLeast(version, MIN_BROWSER_VERSIONS.safari)
    ? null
    : `Blockyard needs iOS ${MIN_BROWSER_VERSIONS.safari} or newer on iPhone and iPad.`;
  return { browser, version, reason };
}

function detectBrowser(ua: string): Detected {
  // Internet Explorer, including Windows Phone IE that pretends to be an iPhone.
  if (/\bMSIE \d|\bTrident\/\d/.test(ua)) {
    return {
      browser: 'ie',
      version: major(ua, /\bMSIE (\d+)/) ?? major(ua, /\brv:(\d+)/),
      reason: `Blockyard does not support Internet Explorer. ${suggestion}`,
    };
  }
  // Old Opera on its own Presto engine, and Opera Mini, which renders through it.
  if (/\bPresto\/\d|^Opera\/\d|\bOpera Mini\//.test(ua)) {
    return {
      browser: 'opera',
      version: major(ua, /\bVersion\/(\d+)/) ?? major(ua, /\bOpera[/ ](\d+)/),
      reason: 'Blockyard does not support this old version of Opera. Please update to a current Opera.',
    };
  }
  // Legacy Edge (EdgeHTML), also on Windows 10 Mobile where it carries an Android token.
  const legacyEdge = major(ua, /\bEdge\/(\d+)/);
  if (legacyEdge !== null) return { browser: 'edge', version: legacyEdge, reason: null };

  const ios = detectIos(ua);
  if (ios) return ios;

  if (/\bMidori\b/.test(ua)) {
    return {
      browser: 'midori',
      version: major(ua, /\bMidori\/(\d+)/),
      reason: 'Blockyard does not support Midori. Please use Firefox or Chromium.',
    };
  }
  const android = /\bAndroid\b/.test(ua);
  const linuxDesktop = /\b(?:Linux|FreeBSD|OpenBSD|NetBSD)\b/.test(ua) && !android && !/\bCrOS\b/.test(ua);
  // No \b: headless Chrome (our own end-to-end tests) says HeadlessChrome/.
  const chrome = major(ua, /(?:Chrome|Chromium)\/(\d+)/);
  const firefox = major(ua, /\bFirefox\/(\d+)/);
  const safariLike = /\bSafari\/\d/.test(ua) && /\bAppleWebKit\//.test(ua) && chrome === null;
  if (/\bEpiphany\b/.test(ua) || (linuxDesktop && safariLike)) {
    return {
      browser: 'epiphany',
      version: major(ua, /\bEpiphany\/(\d+)/),
      reason:
        'Blockyard does not support GNOME Web (Epiphany) or other WebKitGTK browsers. Please use Firefox or Chromium.',
    };
  }

  const detected = detectByEngine(ua, chrome, firefox, safariLike, android);
  // Desktop Linux on ARM, e.g. a Raspberry Pi. "CrOS aarch64" has no "Linux " before the CPU.
  if (linuxDesktop && /\bLinux (?:arm(?:v\d+\w*)?|armhf|aarch64|arm64)\b/i.test(ua)) {
    return {
      ...detected,
      reason: 'Blockyard does not support Linux on ARM computers such as the Raspberry Pi.',
    };
  }
  return detected;
}

function detectByEngine(
  ua: string,
  chrome: number | null,
  firefox: number | null,
  safariLike: boolean,
  android: boolean,
): Detected {
  const chromeReason = (name: string) =>
    atLeast(chrome, MIN_BROWSER_VERSIONS.chrome)
      ? null
      : `Blockyard needs ${name} ${MIN_BROWSER_VERSIONS.chrome} or newer.`;

  const edge = major(ua, /\bEdgA?\/(\d+)/);
  if (edge !== null) return { browser: 'edge', version: edge, reason: null };

  const opera = major(ua, /\bOPR\/(\d+)/);
  if (opera !== null) {
    const reason = atLeast(opera, MIN_BROWSER_VERSIONS.opera)
      ? null
      : `Blockyard needs Opera ${MIN_BROWSER_VERSIONS.opera} or newer.`;
    return { browser: 'opera', version: opera, reason };
  }

  if (/\bSamsungBrowser\/\d/.test(ua)) {
    return { browser: 'samsung', version: chrome, reason: chromeReason('a Samsung Internet built on Chrome') };
  }

  if (chrome !== null) return { browser: 'chrome', version: chrome, reason: chromeReason('Chrome') };

  if (firefox !== null) {
    const reason = atLeast(firefox, MIN_BROWSER_VERSIONS.firefox)
      ? null
      : `Blockyard needs Firefox ${MIN_BROWSER_VERSIONS.firefox} or newer.`;
    return { browser: 'firefox', version: firefox, reason };
  }

  if (safariLike && android) {
    return {
      browser: 'android',
      version: major(ua, /\bAndroid (\d+)/),
      reason: 'Blockyard does not support the old Android browser. Please use Chrome or Firefox.',
    };
  }

  if (safariLike) {
    const version = major(ua, /\bVersion\/(\d+)/);
    const reason = atLeast(version, MIN_BROWSER_VERSIONS.safari)
      ? null
      : `Blockyard needs Safari ${MIN_BROWSER_VERSIONS.safari} or newer.`;
    return { browser: 'safari', version, reason };
  }

  return { browser: 'unknown', version: null, reason: `Blockyard does not recognise this browser. ${suggestion}` };
}

/** True when the user agent belongs to a search engine or link-preview crawler. */
export function isBotUserAgent(userAgent: string): boolean {
  return botPatterns.some((pattern) => pattern.test(userAgent));
}

/**
 * Decides whether the editor supports the browser with this user agent (spec 000 §5): Chrome
 * 38+, Firefox 31+, Safari 9+, any Edge, Opera on Chromium 21+; Midori, Epiphany and Linux ARM
 * rejected; bots allowed; `anyBrowser` overrides. See the top of this file for the details.
 */
export function checkBrowserSupport(userAgent: string, options?: BrowserSupportOptions): BrowserSupport {
  const ua = userAgent.trim();
  const detected = detectBrowser(ua);
  const isBot = isBotUserAgent(ua);
  const reason = isBot ? null : detected.reason;
  const overridden = reason !== null && options?.anyBrowser === true;
  return Object.freeze({
    supported: reason === null || overridden,
    browser: detected.browser,
    version: detected.version,
    isBot,
    overridden,
    reason,
  });
}
