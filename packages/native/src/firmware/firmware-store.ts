import { sha256Hex } from '../binary/sha256.ts';
import { DEVICE_FACTS, type DeviceVariant, type FirmwareFlavor } from './device-variant.ts';
import { FirmwareError, parseFirmware, type FirmwareImage } from './firmware-image.ts';
import { runtimeFunctionTable } from './runtime-function-table.ts';

/**
 * Where firmware bytes come from. The images are pxt-microbit's `built/hexcache/<hash>.hex`
 * files: the CLI reads them from node_modules, the web app fetches them from its own origin
 * (copied there at build time) and keeps them for offline use. See packages/native/README.md.
 */
export interface FirmwareLoader {
  /** The bytes of one image file, by its file name (`<templateHash>.hex`). */
  load(fileName: string): Promise<Uint8Array>;
}

/** The file name of the image for a variant and flavor. */
export function firmwareFileName(variant: DeviceVariant, flavor: FirmwareFlavor = 'radio'): string {
  return `${runtimeFunctionTable(flavor).firmware[variant].templateHash}.hex`;
}

/** Every image file a build may need (for copying them next to the web app). */
export function allFirmwareFileNames(): string[] {
  const names: string[] = [];
  for (const flavor of ['radio', 'bluetooth'] as const) {
    for (const variant of ['v1', 'v2'] as const) names.push(firmwareFileName(variant, flavor));
  }
  return names;
}

/** Checks that bytes are the pinned image (size and SHA-256), so a damaged download never links. */
export function verifyFirmwareBytes(bytes: Uint8Array, variant: DeviceVariant, flavor: FirmwareFlavor): void {
  const facts = runtimeFunctionTable(flavor).firmware[variant];
  const title = DEVICE_FACTS[variant].title;
  if (bytes.length !== facts.fileSize || sha256Hex(bytes) !== facts.fileSha256) {
    throw new FirmwareError(
      `the ${title} firmware file is not the expected one (${bytes.length} bytes; expected ${facts.fileSize})`,
    );
  }
}

/** Keeps at most this many parsed images (spec 000 §9: in-memory hex info reset when over 20). */
const MAX_PARSED = 20;

/**
 * Loads, checks and parses firmware images once each; concurrent requests share one load. A
 * failed load is not remembered, so the next Download tries again.
 */
export class FirmwareStore {
  private readonly parsed = new Map<string, Promise<FirmwareImage>>();

  constructor(private readonly loader: FirmwareLoader) {}

  get(variant: DeviceVariant, flavor: FirmwareFlavor = 'radio'): Promise<FirmwareImage> {
    const key = `${variant}/${flavor}`;
    let pending = this.parsed.get(key);
    if (!pending) {
      if (this.parsed.size >= MAX_PARSED) this.parsed.clear();
      pending = this.load(variant, flavor);
      this.parsed.set(key, pending);
      pending.catch(() => this.parsed.delete(key));
    }
    return pending;
  }

  private async load(variant: DeviceVariant, flavor: FirmwareFlavor): Promise<FirmwareImage> {
    const fileName = firmwareFileName(variant, flavor);
    let bytes: Uint8Array;
    try {
      bytes = await this.loader.load(fileName);
    } catch (error) {
      throw new FirmwareError(
        `the ${DEVICE_FACTS[variant].title} firmware could not be loaded (${(error as Error).message})`,
      );
    }
    verifyFirmwareBytes(bytes, variant, flavor);
    return parseFirmware(bytes, variant, flavor, runtimeFunctionTable(flavor).firmware[variant].templateHash);
  }
}
