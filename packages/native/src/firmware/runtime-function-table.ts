import type { DeviceVariant, FirmwareFlavor } from './device-variant.ts';
import { RUNTIME_FUNCTION_DATA } from './runtime-functions.generated.ts';

/**
 * The firmware's function table, by name. The firmware holds, right after its 16-byte marker and
 * one "top of flash" word, one 32-bit entry per runtime function or datum; the order comes from
 * the C++ sources (pxt's parse of every `//%`-annotated declaration), and is the same on V1 and
 * V2 for one flavor. Compiled code refers to an entry by name; the linker turns the name into
 * the entry's index and reads the address from the firmware being linked.
 *
 * Argument formats (first the return value): I int32 (raw, untagged), B bool (raw 0/1),
 * V void, N/T a tagged value (TNumber/TValue), S a string (BoxedString*), F float, D double,
 * `_Name` a pointer to that runtime type (RefAction, Buffer, RefCollection, ...).
 */

type RuntimeEntryKind = 'function' | 'data' | 'abi';

export interface RuntimeFunctionTableData {
  readonly radio: FlavorData;
  readonly bluetooth: FlavorData;
}

interface FlavorData {
  readonly firmware: Readonly<Record<DeviceVariant, FirmwareFileFacts>>;
  readonly entries: readonly (readonly [name: string, kind: RuntimeEntryKind, argsFmt: string])[];
}

interface FirmwareFileFacts {
  /** pxt's hash of the firmware's C++ sources and settings: the image's file name in pxt-microbit. */
  readonly templateHash: string;
  /** SHA-256 of the .hex file as published, to check what a loader returns. */
  readonly fileSha256: string;
  readonly fileSize: number;
}

export interface RuntimeEntry {
  /** Position in the firmware's table (0 = the first word after the "top of flash" word). */
  index: number;
  /** C++ name, `namespace::name` (e.g. `basic::showString`, `pxt::RefAction_vtable`). */
  name: string;
  /** `function`: call it (BL, or a pointer with the Thumb bit); `data`: the address of a constant
   * (vtables); `abi`: a compiler helper such as `__aeabi_dadd`, called like a function. */
  kind: RuntimeEntryKind;
  /** Return format, then one per argument; empty for data and ABI helpers. */
  argsFmt: readonly string[];
}

export interface RuntimeFunctionTable {
  flavor: FirmwareFlavor;
  entries: readonly RuntimeEntry[];
  byName: ReadonlyMap<string, RuntimeEntry>;
  firmware: Readonly<Record<DeviceVariant, FirmwareFileFacts>>;
}

const tables = new Map<FirmwareFlavor, RuntimeFunctionTable>();

export function runtimeFunctionTable(flavor: FirmwareFlavor = 'radio'): RuntimeFunctionTable {
  let table = tables.get(flavor);
  if (!table) {
    const data = RUNTIME_FUNCTION_DATA[flavor];
    const entries = data.entries.map(([name, kind, argsFmt], index): RuntimeEntry => ({
      index,
      name,
      kind,
      argsFmt: argsFmt ? argsFmt.split(',') : [],
    }));
    table = { flavor, entries, byName: new Map(entries.map((e) => [e.name, e])), firmware: data.firmware };
    tables.set(flavor, table);
  }
  return table;
}

/** The entry of that name, or undefined when this firmware has none. */
export function lookupRuntimeEntry(name: string, flavor: FirmwareFlavor = 'radio'): RuntimeEntry | undefined {
  return runtimeFunctionTable(flavor).byName.get(name);
}
