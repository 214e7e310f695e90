/**
 * The two micro:bit boards we build for, and the facts of each that the linker needs. Every number
 * here is documented (with how it was checked) in packages/native/docs/firmware-interface.md.
 */

export type DeviceVariant = 'v1' | 'v2';

/**
 * Which prebuilt runtime a program needs: the default one (core, radio, microphone) or the one
 * with the Bluetooth services (core, bluetooth, microphone). The two cannot be combined.
 */
export type FirmwareFlavor = 'radio' | 'bluetooth';

export interface DeviceVariantFacts {
  variant: DeviceVariant;
  /** Human name, for messages. */
  title: string;
  /** Board id of this variant's section in a micro:bit Universal Hex. */
  universalHexBoardId: number;
  flashSize: number;
  /** The erase page: the program starts on a page boundary after the firmware. */
  pageSize: number;
  /**
   * The end of flash a program may use when the firmware does not say (its "top of flash" word
   * is 0 on V1): the DAL keeps 3 pages below the bootloader (scratch, Bluetooth bonds, storage).
   */
  reservedPagesBelowBootloader: number;
  /** UF2 family id (V2 only; the V1 interface chip does not take UF2). */
  uf2FamilyId: number | null;
  /** Thumb-1 only on the Cortex-M0 (V1); the Cortex-M4 (V2) also runs Thumb-2. */
  cpu: 'cortex-m0' | 'cortex-m4';
}

export const DEVICE_FACTS: Readonly<Record<DeviceVariant, DeviceVariantFacts>> = {
  v1: {
    variant: 'v1',
    title: 'micro:bit V1',
    universalHexBoardId: 0x9900,
    flashSize: 256 * 1024,
    pageSize: 1024,
    reservedPagesBelowBootloader: 3,
    uf2FamilyId: null,
    cpu: 'cortex-m0',
  },
  v2: {
    variant: 'v2',
    title: 'micro:bit V2',
    universalHexBoardId: 0x9903,
    flashSize: 512 * 1024,
    pageSize: 4096,
    reservedPagesBelowBootloader: 4,
    uf2FamilyId: 0x621e937a,
    cpu: 'cortex-m4',
  },
};
