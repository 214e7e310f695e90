import { describe, expect, it } from 'vitest';
import { checkBrowserSupport, isBotUserAgent, type BrowserName } from './browser-support.ts';

interface Row {
  name: string;
  ua: string;
  supported: boolean;
  browser: BrowserName;
  version: number | null;
  isBot?: boolean;
  /** A word the reason must contain; rows without it expect no reason. */
  reason?: RegExp;
}

const rows: Row[] = [
  // Chrome, desktop.
  {
    name: 'Chrome 124 on Windows 10',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    supported: true,
    browser: 'chrome',
    version: 124,
  },
  {
    name: 'Chrome 120 on macOS',
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    supported: true,
    browser: 'chrome',
    version: 120,
  },
  {
    name: 'Chrome 38, the oldest supported',
    ua: 'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/38.0.2125.111 Safari/537.36',
    supported: true,
    browser: 'chrome',
    version: 38,
  },
  {
    name: 'Chrome 37 on Windows 7',
    ua: 'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/37.0.2062.124 Safari/537.36',
    supported: false,
    browser: 'chrome',
    version: 37,
    reason: /Chrome 38 or newer/,
  },
  {
    name: 'Chrome 21 on Windows XP',
    ua: 'Mozilla/5.0 (Windows NT 5.1) AppleWebKit/537.1 (KHTML, like Gecko) Chrome/21.0.1180.89 Safari/537.1',
    supported: false,
    browser: 'chrome',
    version: 21,
    reason: /Chrome 38/,
  },
  {
    name: 'Chrome 125 on Linux x86_64',
    ua: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36',
    supported: true,
    browser: 'chrome',
    version: 125,
  },
  {
    name: 'Headless Chrome (end-to-end tests)',
    ua: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/121.0.6167.57 Safari/537.36',
    supported: true,
    browser: 'chrome',
    version: 121,
  },
  {
    name: 'Vivaldi (Chromium brand)',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Safari/537.36 Vivaldi/6.6.3271.45',
    supported: true,
    browser: 'chrome',
    version: 122,
  },
  // ChromeOS: Intel and ARM Chromebooks.
  {
    name: 'ChromeOS on Intel',
    ua: 'Mozilla/5.0 (X11; CrOS x86_64 15633.69.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.6045.212 Safari/537.36',
    supported: true,
    browser: 'chrome',
    version: 119,
  },
  {
    name: 'ChromeOS on 64-bit ARM',
    ua: 'Mozilla/5.0 (X11; CrOS aarch64 15359.58.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/112.0.5615.134 Safari/537.36',
    supported: true,
    browser: 'chrome',
    version: 112,
  },
  {
    name: 'ChromeOS on 32-bit ARM',
    ua: 'Mozilla/5.0 (X11; CrOS armv7l 13597.84.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/89.0.4389.95 Safari/537.36',
    supported: true,
    browser: 'chrome',
    version: 89,
  },
  // Linux ARM (Raspberry Pi and similar).
  {
    name: 'Chromium on Raspberry Pi OS (32-bit)',
    ua: 'Mozilla/5.0 (X11; Linux armv7l) AppleWebKit/537.36 (KHTML, like Gecko) Raspbian Chromium/78.0.3904.108 Chrome/78.0.3904.108 Safari/537.36',
    supported: false,
    browser: 'chrome',
    version: 78,
    reason: /Linux on ARM/,
  },
  {
    name: 'Chromium on Raspberry Pi OS (64-bit)',
    ua: 'Mozilla/5.0 (X11; Linux aarch64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Safari/537.36',
    supported: false,
    browser: 'chrome',
    version: 116,
    reason: /Raspberry Pi/,
  },
  {
    name: 'Firefox ESR on Raspberry Pi (aarch64)',
    ua: 'Mozilla/5.0 (X11; Linux aarch64; rv:109.0) Gecko/20100101 Firefox/115.0',
    supported: false,
    browser: 'firefox',
    version: 115,
    reason: /Linux on ARM/,
  },
  {
    name: 'Firefox on Raspberry Pi (armv6l)',
    ua: 'Mozilla/5.0 (X11; Linux armv6l; rv:52.0) Gecko/20100101 Firefox/52.0',
    supported: false,
    browser: 'firefox',
    version: 52,
    reason: /Linux on ARM/,
  },
  // Firefox.
  {
    name: 'Firefox 125 on Windows',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
    supported: true,
    browser: 'firefox',
    version: 125,
  },
  {
    name: 'Firefox 31 on Ubuntu, the oldest supported',
    ua: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:31.0) Gecko/20100101 Firefox/31.0',
    supported: true,
    browser: 'firefox',
    version: 31,
  },
  {
    name: 'Firefox 30 on macOS',
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.9; rv:30.0) Gecko/20100101 Firefox/30.0',
    supported: false,
    browser: 'firefox',
    version: 30,
    reason: /^Blockyard needs Firefox 31 or newer\.$/,
  },
  {
    name: 'Firefox on Android',
    ua: 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0',
    supported: true,
    browser: 'firefox',
    version: 125,
  },
  // Safari, desktop.
  {
    name: 'Safari 17.4 on macOS (also iPadOS desktop mode)',
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
    supported: true,
    browser: 'safari',
    version: 17,
  },
  {
    name: 'Safari 9.1 on OS X El Capitan',
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_6) AppleWebKit/601.7.7 (KHTML, like Gecko) Version/9.1.2 Safari/601.7.7',
    supported: true,
    browser: 'safari',
    version: 9,
  },
  {
    name: 'Safari 8 on OS X Yosemite',
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_5) AppleWebKit/600.8.9 (KHTML, like Gecko) Version/8.0.8 Safari/600.8.9',
    supported: false,
    browser: 'safari',
    version: 8,
    reason: /Safari 9 or newer/,
  },
  // iPhone and iPad.
  {
    name: 'Safari on iPhone, iOS 17',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1',
    supported: true,
    browser: 'safari',
    version: 17,
  },
  {
    name: 'Safari on iPad, iOS 12',
    ua: 'Mozilla/5.0 (iPad; CPU OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
    supported: true,
    browser: 'safari',
    version: 12,
  },
  {
    name: 'Safari on iPad, iOS 9.3',
    ua: 'Mozilla/5.0 (iPad; CPU OS 9_3_5 like Mac OS X) AppleWebKit/601.1.46 (KHTML, like Gecko) Version/9.0 Mobile/13G36 Safari/601.1',
    supported: true,
    browser: 'safari',
    version: 9,
  },
  {
    name: 'Safari on iPhone, iOS 8.4',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 8_4 like Mac OS X) AppleWebKit/600.1.4 (KHTML, like Gecko) Version/8.0 Mobile/12H143 Safari/600.1.4',
    supported: false,
    browser: 'safari',
    version: 8,
    reason: /iOS 9 or newer/,
  },
  {
    name: 'Chrome on iPhone (CriOS), judged by iOS',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1',
    supported: true,
    browser: 'chrome',
    version: 17,
  },
  {
    name: 'Old Chrome on an iOS 8 iPad (CriOS), judged by iOS',
    ua: 'Mozilla/5.0 (iPad; CPU OS 8_4_1 like Mac OS X) AppleWebKit/600.1.4 (KHTML, like Gecko) CriOS/48.0.2564.104 Mobile/12H321 Safari/600.1.4',
    supported: false,
    browser: 'chrome',
    version: 8,
    reason: /iOS 9/,
  },
  {
    name: 'Firefox on iPad (FxiOS), judged by iOS',
    ua: 'Mozilla/5.0 (iPad; CPU OS 16_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/124.0 Mobile/15E148 Safari/605.1.15',
    supported: true,
    browser: 'firefox',
    version: 16,
  },
  {
    name: 'Edge on iPhone (EdgiOS), judged by iOS',
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 EdgiOS/123.2420.56 Mobile/15E148 Safari/605.1.15',
    supported: true,
    browser: 'edge',
    version: 16,
  },
  {
    name: 'Chrome on iPad asking for the desktop site (no iOS number), judged by WebKit',
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Safari/604.1',
    supported: true,
    browser: 'chrome',
    version: 12,
  },
  // Edge.
  {
    name: 'Legacy Edge (EdgeHTML 18)',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.17763',
    supported: true,
    browser: 'edge',
    version: 18,
  },
  {
    name: 'Legacy Edge 12, the first one',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/42.0.2311.135 Safari/537.36 Edge/12.10240',
    supported: true,
    browser: 'edge',
    version: 12,
  },
  {
    name: 'Legacy Edge on Windows 10 Mobile',
    ua: 'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Mobile Safari/537.36 Edge/15.15063',
    supported: true,
    browser: 'edge',
    version: 15,
  },
  {
    name: 'Chromium Edge 124',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.80',
    supported: true,
    browser: 'edge',
    version: 124,
  },
  {
    name: 'Edge on Android (EdgA)',
    ua: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 EdgA/124.0.2478.64',
    supported: true,
    browser: 'edge',
    version: 124,
  },
  // Opera.
  {
    name: 'Opera 109 on Chromium',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36 OPR/109.0.0.0',
    supported: true,
    browser: 'opera',
    version: 109,
  },
  {
    name: 'Opera 21 on Chromium, the oldest supported',
    ua: 'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/34.0.1847.132 Safari/537.36 OPR/21.0.1432.67',
    supported: true,
    browser: 'opera',
    version: 21,
  },
  {
    name: 'Opera 20 on Chromium',
    ua: 'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/33.0.1750.154 Safari/537.36 OPR/20.0.1387.91',
    supported: false,
    browser: 'opera',
    version: 20,
    reason: /Opera 21 or newer/,
  },
  {
    name: 'Opera 12 on Presto',
    ua: 'Opera/9.80 (Windows NT 6.1; WOW64) Presto/2.12.388 Version/12.16',
    supported: false,
    browser: 'opera',
    version: 12,
    reason: /old version of Opera/,
  },
  {
    name: 'Opera Mini (Presto)',
    ua: 'Opera/9.80 (Android; Opera Mini/36.2.2254/119.132; U; id) Presto/2.12.423 Version/12.16',
    supported: false,
    browser: 'opera',
    version: 12,
    reason: /Opera/,
  },
  // Android.
  {
    name: 'Chrome on Android',
    ua: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
    supported: true,
    browser: 'chrome',
    version: 124,
  },
  {
    name: 'Android WebView',
    ua: 'Mozilla/5.0 (Linux; Android 10; K; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36',
    supported: true,
    browser: 'chrome',
    version: 120,
  },
  {
    name: 'Android on an ARM tablet that mentions its CPU',
    ua: 'Mozilla/5.0 (Linux; U; Android 4.4.2; en-us; armv7l) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/40.0.2214.89 Safari/537.36',
    supported: true,
    browser: 'chrome',
    version: 40,
  },
  {
    name: 'Samsung Internet 24 (Chrome 117)',
    ua: 'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
    supported: true,
    browser: 'samsung',
    version: 117,
  },
  {
    name: 'Samsung Internet 2.1 (Chrome 34)',
    ua: 'Mozilla/5.0 (Linux; Android 5.0.2; SAMSUNG SM-G920F Build/LRX22G) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/2.1 Chrome/34.0.1847.76 Mobile Safari/537.36',
    supported: false,
    browser: 'samsung',
    version: 34,
    reason: /Samsung Internet built on Chrome 38/,
  },
  {
    name: 'Old Android stock browser',
    ua: 'Mozilla/5.0 (Linux; U; Android 4.0.3; ko-kr; LG-L160L Build/IML74K) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30',
    supported: false,
    browser: 'android',
    version: 4,
    reason: /old Android browser/,
  },
  // Internet Explorer.
  {
    name: 'Internet Explorer 11',
    ua: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
    supported: false,
    browser: 'ie',
    version: 11,
    reason: /Internet Explorer/,
  },
  {
    name: 'Internet Explorer 9',
    ua: 'Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)',
    supported: false,
    browser: 'ie',
    version: 9,
    reason: /Internet Explorer/,
  },
  {
    name: 'Internet Explorer on Windows Phone, pretending to be an iPhone',
    ua: 'Mozilla/5.0 (Mobile; Windows Phone 8.1; Android 4.0; ARM; Trident/7.0; Touch; rv:11.0; IEMobile/11.0; NOKIA; Lumia 635) like iPhone OS 7_0_3 Mac OS X AppleWebKit/537 (KHTML, like Gecko) Mobile Safari/537',
    supported: false,
    browser: 'ie',
    version: 11,
    reason: /Internet Explorer/,
  },
  // Midori and Epiphany (WebKitGTK).
  {
    name: 'Midori 0.5',
    ua: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/538.15 (KHTML, like Gecko) Version/8.0 Safari/538.15 Midori/0.5',
    supported: false,
    browser: 'midori',
    version: 0,
    reason: /Midori/,
  },
  {
    name: 'Midori on Chromium',
    ua: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/90.0.4430.212 Safari/537.36 Midori/9.0',
    supported: false,
    browser: 'midori',
    version: 9,
    reason: /Midori/,
  },
  {
    name: 'Epiphany 3.14 with its own token',
    ua: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/538.15 (KHTML, like Gecko) Version/8.0 Safari/538.15 Ubuntu/15.04 (3.14.1-0ubuntu1) Epiphany/3.14.1',
    supported: false,
    browser: 'epiphany',
    version: 3,
    reason: /Epiphany/,
  },
  {
    name: 'GNOME Web (Epiphany) passing for Safari on Linux',
    ua: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
    supported: false,
    browser: 'epiphany',
    version: null,
    reason: /WebKitGTK/,
  },
  // Bots.
  {
    name: 'Googlebot (classic)',
    ua: 'Googlebot/2.1 (+http://www.google.com/bot.html)',
    supported: true,
    browser: 'unknown',
    version: null,
    isBot: true,
  },
  {
    name: 'Googlebot smartphone (evergreen Chrome)',
    ua: 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.91 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    supported: true,
    browser: 'chrome',
    version: 124,
    isBot: true,
  },
  {
    name: 'Bingbot',
    ua: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    supported: true,
    browser: 'unknown',
    version: null,
    isBot: true,
  },
  {
    name: 'DuckDuckBot',
    ua: 'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
    supported: true,
    browser: 'unknown',
    version: null,
    isBot: true,
  },
  {
    name: 'Yahoo Slurp',
    ua: 'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)',
    supported: true,
    browser: 'unknown',
    version: null,
    isBot: true,
  },
  {
    name: 'Facebook link preview',
    ua: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    supported: true,
    browser: 'unknown',
    version: null,
    isBot: true,
  },
  {
    name: 'Baidu spider',
    ua: 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
    supported: true,
    browser: 'unknown',
    version: null,
    isBot: true,
  },
  {
    name: 'Bot on an old engine is still allowed',
    ua: 'Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0; Twitterbot/1.0)',
    supported: true,
    browser: 'ie',
    version: 9,
    isBot: true,
  },
  // Unknown.
  {
    name: 'curl',
    ua: 'curl/8.4.0',
    supported: false,
    browser: 'unknown',
    version: null,
    reason: /does not recognise this browser/,
  },
  {
    name: 'empty user agent',
    ua: '',
    supported: false,
    browser: 'unknown',
    version: null,
    reason: /recognise/,
  },
];

describe('checkBrowserSupport', () => {
  it('has a table of at least 40 real user agents', () => {
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(new Set(rows.map((row) => row.ua)).size).toBe(rows.length);
  });

  it.each(rows)('$name', (row) => {
    const result = checkBrowserSupport(row.ua);
    expect(result).toMatchObject({
      supported: row.supported,
      browser: row.browser,
      version: row.version,
      isBot: row.isBot ?? false,
      overridden: false,
    });
    if (row.reason) expect(result.reason).toMatch(row.reason);
    else expect(result.reason).toBeNull();
  });

  it('gives a reason exactly when unsupported (without the override)', () => {
    for (const row of rows) {
      const result = checkBrowserSupport(row.ua);
      expect(result.reason === null, row.name).toBe(result.supported);
    }
  });

  it('returns a frozen result', () => {
    expect(Object.isFrozen(checkBrowserSupport(''))).toBe(true);
  });

  it('ignores surrounding white space', () => {
    expect(
      checkBrowserSupport('  Mozilla/5.0 (Windows NT 10.0; rv:125.0) Gecko/20100101 Firefox/125.0 \n'),
    ).toMatchObject({ supported: true, browser: 'firefox', version: 125 });
  });
});

describe('the anyBrowser override', () => {
  const ie11 = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';
  const chrome =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36';
  const pi = 'Mozilla/5.0 (X11; Linux aarch64; rv:109.0) Gecko/20100101 Firefox/115.0';

  it('lets an unsupported browser through, marks it overridden and keeps the reason', () => {
    expect(checkBrowserSupport(ie11, { anyBrowser: true })).toEqual({
      supported: true,
      browser: 'ie',
      version: 11,
      isBot: false,
      overridden: true,
      reason: expect.stringContaining('Internet Explorer') as string,
    });
    expect(checkBrowserSupport(pi, { anyBrowser: true })).toMatchObject({ supported: true, overridden: true });
    expect(checkBrowserSupport('', { anyBrowser: true })).toMatchObject({ supported: true, overridden: true });
  });

  it('is not marked when the browser passes anyway', () => {
    expect(checkBrowserSupport(chrome, { anyBrowser: true })).toMatchObject({
      supported: true,
      overridden: false,
      reason: null,
    });
  });

  it('changes nothing when false or absent', () => {
    expect(checkBrowserSupport(ie11, { anyBrowser: false })).toMatchObject({ supported: false, overridden: false });
    expect(checkBrowserSupport(ie11, {})).toMatchObject({ supported: false, overridden: false });
  });

  it('is not needed by bots', () => {
    expect(checkBrowserSupport('Googlebot/2.1 (+http://www.google.com/bot.html)', { anyBrowser: true })).toMatchObject({
      supported: true,
      overridden: false,
      isBot: true,
    });
  });
});

describe('isBotUserAgent', () => {
  it.each([
    'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
    'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  ])('recognises %s', (ua) => {
    expect(isBotUserAgent(ua)).toBe(true);
  });

  it.each([
    // A phone brand that ends in "bot" is not a crawler.
    'Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/110.0.0.0 Mobile Safari/537.36',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
  ])('does not flag %s', (ua) => {
    expect(isBotUserAgent(ua)).toBe(false);
  });
});
