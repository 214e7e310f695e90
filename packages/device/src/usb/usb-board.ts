// One opened USB board: the packet link, CMSIS-DAP, memory access and the processor, plus what
// the board says about itself (spec 000 §3 "Device info": board id, version, features, page size,
// flash size, max message size, family id).

import type { Clock } from '@blockyard/core';
import { CmsisDap, DAP_INFO } from '../dap/cmsis-dap.ts';
import { CortexM } from '../dap/cortex-m.ts';
import { MemoryAccess } from '../dap/memory-access.ts';
import { DeviceError, SPEC_MESSAGES } from '../device-error.ts';
import type { BoardVariant } from '../flash/flash-image.ts';
import { cleanName, PacketLink } from '../link/packet-link.ts';
import type { UsbDeviceLike } from './webusb.ts';

export interface DeviceInfo {
  /** DAPLink's board id: 9900/9901 micro:bit V1, 9903-9906 micro:bit V2. */
  boardId: string;
  variant: BoardVariant;
  /** The interface chip's firmware version (DAPLink, e.g. "0255"). */
  version: string;
  /** What the interface chip can do (CMSIS-DAP capabilities, plus DAPLink's serial and flashing). */
  features: string[];
  pageSize: number;
  flashSize: number;
  /** The largest packet the interface chip takes. */
  maxMessageSize: number;
  /** DAPLink's family id (characters 5-8 of the unique id). */
  familyId: string;
  /** The interface chip's unique id: the board's serial number. */
  serialNumber: string;
}

const CAPABILITIES = [
  'swd',
  'jtag',
  'swo-uart',
  'swo-manchester',
  'atomic-commands',
  'test-timer',
  'swo-streaming',
  'uart',
];
const FICR_CODEPAGESIZE = 0x10000010;
const FICR_CODESIZE = 0x10000014;

function variantForBoardId(boardId: string): BoardVariant | null {
  if (boardId === '9900' || boardId === '9901') return 'v1';
  if (/^990[3-6]$/.test(boardId)) return 'v2';
  return null;
}

export class UsbBoard {
  private constructor(
    readonly link: PacketLink,
    readonly dap: CmsisDap,
    readonly memory: MemoryAccess,
    readonly cortex: CortexM,
    readonly info: DeviceInfo,
  ) {}

  /** Opens the device, gets the link in step, reads the board's info and connects the debugger. */
  static async open(device: UsbDeviceLike, clock: Clock): Promise<UsbBoard> {
    const link = new PacketLink(device, { clock });
    await link.open();
    try {
      const dap = new CmsisDap(link);
      // Answers a previous page left in the pipe are cleared before anything else.
      await link.resync();
      await link.learnProbes();
      const memory = new MemoryAccess(dap);
      const cortex = new CortexM(memory, clock);
      const serialNumber = (await dap.uniqueId().catch(() => '')) || cleanName(device.serialNumber);
      const boardId = serialNumber.slice(0, 4);
      const variant = variantForBoardId(boardId);
      if (!variant) {
        throw new DeviceError(
          'device-not-found',
          `${SPEC_MESSAGES.deviceNotFound} (board id ${cleanName(boardId) || 'unknown'} is not a micro:bit)`,
          {
            recoverable: false,
          },
        );
      }
      const version = await dap.infoString(DAP_INFO.firmwareVersion);
      const capabilities = await dap.infoNumber(DAP_INFO.capabilities);
      const maxMessageSize = await dap.infoNumber(DAP_INFO.packetSize);
      await memory.connect();
      const pageSize = await memory.readWord(FICR_CODEPAGESIZE);
      const pages = await memory.readWord(FICR_CODESIZE);
      const expectedPage = variant === 'v1' ? 1024 : 4096;
      const info: DeviceInfo = {
        boardId,
        variant,
        version,
        features: [...CAPABILITIES.filter((_, bit) => capabilities & (1 << bit)), 'serial', 'flash-stream'],
        pageSize: pageSize === expectedPage ? pageSize : expectedPage,
        flashSize:
          (pageSize === expectedPage ? pageSize : expectedPage) *
          (pages > 0 && pages <= 1024 ? pages : variant === 'v1' ? 256 : 128),
        maxMessageSize: maxMessageSize || 64,
        familyId: serialNumber.slice(4, 8),
        serialNumber,
      };
      return new UsbBoard(link, dap, memory, cortex, info);
    } catch (error) {
      await link.close();
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.link.close();
  }
}
