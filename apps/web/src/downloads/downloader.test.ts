import { parsePageFlags } from '../app/page-flags.ts';
import { describe, expect, it } from 'vitest';
import { Downloader } from './downloader.ts';
import { recordingDownloadEnvironment } from './recording-download-environment.ts';

const file = { fileName: 'Dice.hex', data: new Uint8Array([1, 2, 3]), mimeType: 'application/octet-stream' };
const flags = (search: string) => parsePageFlags(search, { inFrame: false });

describe('Downloader', () => {
  it('saves through a link with a file name, and lets the file go a minute later', () => {
    const browser = recordingDownloadEnvironment();
    new Downloader(flags(''), browser).save(file);
    expect(browser.links).toEqual([{ href: 'blob:test/1', fileName: 'Dice.hex' }]);
    expect(browser.files.get('blob:test/1')).toBe(file);
    expect(browser.revoked).toEqual([]);
    browser.runLater();
    expect(browser.revoked).toEqual(['blob:test/1']);
  });

  it('downloadProtocol: hands the file to that scheme as base64, with no object URL', () => {
    const browser = recordingDownloadEnvironment();
    new Downloader(flags('?downloadProtocol=blockyard-app'), browser).save(file);
    expect(browser.links).toEqual([{ href: 'blockyard-app:application/octet-stream;base64,AQID' }]);
    expect(browser.files.size).toBe(0);
    // A text file is its UTF-8 bytes.
    new Downloader(flags('?downloadProtocol=x-app'), browser).save({ ...file, data: 'é', mimeType: 'text/plain' });
    expect(browser.links.at(-1)).toEqual({ href: 'x-app:text/plain;base64,w6k=' });
  });

  it('downloadProtocol with a refused scheme saves the ordinary way', () => {
    const browser = recordingDownloadEnvironment();
    new Downloader(flags('?downloadProtocol=javascript'), browser).save(file);
    expect(browser.links).toEqual([{ href: 'blob:test/1', fileName: 'Dice.hex' }]);
  });

  it('downloadUserContext=1: the file waits for the learner’s own click, then goes', () => {
    const browser = recordingDownloadEnvironment();
    const downloader = new Downloader(flags('?downloadUserContext=1'), browser);
    let told = 0;
    downloader.subscribe(() => told++);
    downloader.save(file);
    expect(browser.links).toEqual([]);
    expect(downloader.pending).toEqual({ fileName: 'Dice.hex', url: 'blob:test/1' });
    expect(told).toBe(1);
    downloader.saved();
    expect(downloader.pending).toBeNull();
    browser.runLater();
    expect(browser.revoked).toEqual(['blob:test/1']);
  });

  it('downloadUserContext=1: a newer file replaces one never saved, and closing discards it', () => {
    const browser = recordingDownloadEnvironment();
    const downloader = new Downloader(flags('?downloadUserContext=1'), browser);
    downloader.save(file);
    downloader.save({ ...file, fileName: 'Dice.png' });
    expect(browser.revoked).toEqual(['blob:test/1']);
    expect(downloader.pending?.fileName).toBe('Dice.png');
    downloader.discard();
    expect(downloader.pending).toBeNull();
    expect(browser.revoked).toEqual(['blob:test/1', 'blob:test/2']);
  });

  it('downloadWindowOpen: where links cannot save files, the file opens in its own window; =0 in this one', () => {
    const noDownloadLinks = recordingDownloadEnvironment(false);
    new Downloader(flags(''), noDownloadLinks).save(file);
    expect(noDownloadLinks.windows).toEqual(['blob:test/1']);
    expect(noDownloadLinks.links).toEqual([]);

    const thisWindow = recordingDownloadEnvironment(false);
    new Downloader(flags('?downloadWindowOpen=0'), thisWindow).save(file);
    expect(thisWindow.windows).toEqual([]);
    expect(thisWindow.links).toEqual([{ href: 'blob:test/1' }]);

    // Where links save files, the flag changes nothing.
    const modern = recordingDownloadEnvironment(true);
    new Downloader(flags('?downloadWindowOpen=0'), modern).save(file);
    expect(modern.links).toEqual([{ href: 'blob:test/1', fileName: 'Dice.hex' }]);
  });
});
