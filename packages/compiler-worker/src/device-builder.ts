// Download's device image, built inside the compiler worker (the compiler is warm there and the
// LZMA compression of the source and the linking stay off the page): the learner's program
// compiled by the native back end, linked with the micro:bit firmware for V1 and V2, in one
// Universal Hex with the project's source embedded. The answer says plainly what happened, so the
// editor can tell the learner: runnable, uses calls that don't run on the board yet, too big, or
// not built (and then Download falls back to the source-only .hex).

import {
  buildDeviceImages,
  compileForDevice,
  DeviceImageCache,
  type FirmwareLoader,
  FirmwareStore,
  NATIVE_UNSUPPORTED_CODE,
  ProgramTooBigError,
  projectSource,
} from '@blockyard/native';
import type { Compiler } from '@blockyard/language';

/** Bytes of program space one board gives and how many the program takes. */
export interface ProgramSize {
  used: number;
  room: number;
}

export type DeviceBuildOutcome =
  /** `hex` is the Universal Hex text (V1 + V2, source embedded). */
  | { kind: 'runnable'; hex: string; v1: ProgramSize; v2: ProgramSize }
  /**
   * The program uses calls or features the board cannot run yet: `calls` names each once, in
   * source order; `places` has every use with its position (diagnostic 9110), for the editor to
   * point at the statement or block.
   */
  | { kind: 'unsupported'; calls: string[]; places: UnsupportedPlace[] }
  /** Does not fit a board: `message` is spec 001's "program too big by {0} bytes!". */
  | { kind: 'tooBig'; board: string; overBy: number; message: string }
  /** No image: the program has errors, or the firmware could not be loaded; `reason` says which. */
  | { kind: 'notBuilt'; reason: string };

/** One use of something the board cannot run yet, where the learner wrote it. */
export interface UnsupportedPlace {
  /** The call (`radio.sendNumber`) or, for a construct, the whole sentence. */
  call: string;
  file: string;
  line: number;
  column: number;
}

export interface DeviceBuildRequest {
  /** The program's files as the compiler takes them (main.ts, …). */
  files: Record<string, string>;
  /** Every file of the project, to embed (the exported pxt.json, blocks, …). */
  project: Record<string, string>;
  name: string;
  editorUrl?: string;
}

/** Steps worth showing while the learner waits: the firmware only loads on the first Download. */
export type DeviceBuildStep = 'firmware';

const UNSUPPORTED_CALL = /^(.+) does not run on the micro:bit yet\.$/;

export class DeviceBuilder {
  private readonly store: FirmwareStore;
  private readonly cache = new DeviceImageCache();
  private firmwareReady = false;

  constructor(
    private readonly compiler: () => Compiler,
    loader: FirmwareLoader,
    /**
     * The extensions' functions that exist only as C++ (`readExtensionApi(...).boardOnly`). The
     * compiler gives them bodies that do nothing (so the simulator runs), but a board built from
     * those would silently do nothing: Blockyard cannot build an extension's C++ yet.
     */
    private readonly boardOnly: (files: Readonly<Record<string, string>>) => readonly string[] = () => [],
  ) {
    this.store = new FirmwareStore(loader);
  }

  async build(
    request: DeviceBuildRequest,
    onStep: (step: DeviceBuildStep) => void = () => {},
  ): Promise<DeviceBuildOutcome> {
    const boardOnly = this.boardOnly(request.files);
    if (boardOnly.length > 0) return { kind: 'unsupported', calls: [...boardOnly], places: [] };
    const compiled = compileForDevice(this.compiler(), request.files, { name: request.name });
    const errors = compiled.diagnostics.filter((d) => d.category === 'error');
    const unsupported = errors.filter((d) => d.code === NATIVE_UNSUPPORTED_CODE);
    if (unsupported.length > 0) {
      const places = unsupported.map((d) => ({
        call: UNSUPPORTED_CALL.exec(d.message)?.[1] ?? d.message.replace(/\.$/, ''),
        file: d.file,
        line: d.line,
        column: d.column,
      }));
      return { kind: 'unsupported', calls: [...new Set(places.map((p) => p.call))], places };
    }
    if (!compiled.object || errors.length > 0) {
      const first = errors[0];
      return {
        kind: 'notBuilt',
        reason: first ? `the program has a problem (${first.message})` : 'the program could not be compiled',
      };
    }
    if (!this.firmwareReady) onStep('firmware');
    const source = projectSource(request.project, request.editorUrl ? { editorUrl: request.editorUrl } : {});
    try {
      const images = await buildDeviceImages(this.store, compiled.object, { source, cache: this.cache });
      this.firmwareReady = true;
      return {
        kind: 'runnable',
        hex: images.universalHex,
        v1: { used: images.v1.size, room: images.v1.room },
        v2: { used: images.v2.size, room: images.v2.room },
      };
    } catch (error) {
      if (error instanceof ProgramTooBigError)
        return { kind: 'tooBig', board: error.board, overBy: error.overBy, message: error.message };
      return { kind: 'notBuilt', reason: error instanceof Error ? error.message : String(error) };
    }
  }
}
