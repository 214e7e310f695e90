// How each library call of the micro:bit API runs on the device: a firmware function (called
// through the runtime's function table, arguments converted to the entry's formats) or a function
// of our device library (device-library.ts, compiled with the program). Anything else is refused
// with a diagnostic that names the call, never compiled into a broken image.

import { lookupRuntimeEntry, type RuntimeEntry } from '../firmware/runtime-function-table.ts';
import type { FirmwareFlavor } from '../firmware/device-variant.ts';
import { DEVICE_LIBRARY_FUNCTIONS } from './device-library.ts';

/** A call to a firmware function; `defaults` fill trailing arguments the program left out. */
export interface FirmwareBinding {
  readonly kind: 'firmware';
  readonly entry: RuntimeEntry;
  /** Default values (tagged as numbers) by argument position, receiver included. */
  readonly defaults: readonly (number | undefined)[];
}

/** A call to a function of the device library: its qualified name in the IR. */
interface LibraryBinding {
  readonly kind: 'library';
  readonly fn: string;
}

/** A call the code generator writes out itself (call-gen.ts): the panics, which need the position. */
interface GeneratedBinding {
  readonly kind: 'generated';
  readonly name: 'control.panic' | 'control.assert';
}

export type ApiBinding = FirmwareBinding | LibraryBinding | GeneratedBinding;

const GENERATED = new Set<string>(['control.panic', 'control.assert']);

/**
 * API names whose firmware function has another name, or whose optional parameters MakeCode
 * fills with a default (pxt-microbit's declarations): `[firmware name, ...defaults]`.
 * Namespace functions whose firmware entry has the same name (`led.plot` -> `led::plot`) need
 * no entry here.
 */
const FIRMWARE_ALIASES: Readonly<Record<string, readonly [string, ...(number | undefined)[]]>> = {
  'basic.showString': ['basic::showString', undefined, 150],
  'basic.showLeds': ['basic::showLeds', undefined, 400],
  'basic.showAnimation': ['basic::showAnimation', undefined, 400],
  pause: ['basic::pause'],
  forever: ['basic::forever'],
  'input.runningTime': ['control::millis'],
  'input.runningTimeMicros': ['control::micros'],
  'input.setSoundThreshold': ['input::setSoundThreshold', undefined, 128],
  'control.millis': ['control::millis'],
  'control.onEvent': ['control::onEvent', undefined, undefined, undefined, 0],
  'control.raiseEvent': ['control::raiseEvent', undefined, undefined, 1],
  'pins.pulseIn': ['pins::pulseIn', undefined, undefined, 2000000],
  'Math.randomRange': ['Math_::randomRange'],
  randint: ['Math_::randomRange'],
  'Math.floor': ['Math_::floor'],
  'Math.ceil': ['Math_::ceil'],
  'Math.round': ['Math_::round'],
  'Math.trunc': ['Math_::trunc'],
  'Math.sqrt': ['Math_::sqrt'],
  'Math.sin': ['Math_::sin'],
  'Math.cos': ['Math_::cos'],
  'Math.tan': ['Math_::tan'],
  'Math.asin': ['Math_::asin'],
  'Math.acos': ['Math_::acos'],
  'Math.atan': ['Math_::atan'],
  'Math.atan2': ['Math_::atan2'],
  'Math.log': ['Math_::log'],
  'Math.exp': ['Math_::exp'],
  'Math.idiv': ['Math_::idiv'],
  'Math.imul': ['Math_::imul'],
  'Math.random': ['Math_::random'],
  'Array.push': ['Array_::push'],
  'Array.pop': ['Array_::pop'],
  'Array.removeAt': ['Array_::removeAt'],
  'Array.insertAt': ['Array_::insertAt'],
  'Array.indexOf': ['Array_::indexOf', undefined, undefined, 0],
  'Array.removeElement': ['Array_::removeElement'],
  'Array.length': ['Array_::length'],
  'Array.isArray': ['Array_::isArray'],
  'String.length': ['String_::length'],
  'String.charAt': ['String_::charAt'],
  'String.charCodeAt': ['String_::charCodeAt'],
  'String.substr': ['String_::substr', undefined, undefined, 1000000],
  'String.indexOf': ['String_::indexOf', undefined, undefined, 0],
  'String.compare': ['String_::compare'],
  'String.fromCharCode': ['String_::fromCharCode'],
  parseFloat: ['String_::toNumber'],
  'Image.showImage': ['ImageMethods::showImage', undefined, undefined, 400],
  'Image.plotImage': ['ImageMethods::plotImage', undefined, 0],
  'Image.scrollImage': ['ImageMethods::scrollImage'],
  'Image.showFrame': ['ImageMethods::showFrame', undefined, undefined, 400],
  'Image.plotFrame': ['ImageMethods::plotFrame'],
  'Image.clear': ['ImageMethods::clear'],
  'Image.setPixel': ['ImageMethods::setPixel'],
  'Image.pixel': ['ImageMethods::pixel'],
  'Image.setPixelBrightness': ['ImageMethods::setPixelBrightness'],
  'Image.pixelBrightness': ['ImageMethods::pixelBrightness'],
  'Image.width': ['ImageMethods::width'],
  'Image.height': ['ImageMethods::height'],
  // Buffers (pxt's buffer.cpp: a length of -1 means "to the end").
  'Buffer.length': ['BufferMethods::length'],
  'Buffer.getNumber': ['BufferMethods::getNumber'],
  'Buffer.setNumber': ['BufferMethods::setNumber'],
  'Buffer.getUint8': ['BufferMethods::getUint8'],
  'Buffer.setUint8': ['BufferMethods::setUint8'],
  'Buffer.isReadOnly': ['BufferMethods::isReadOnly'],
  'Buffer.fill': ['BufferMethods::fill', undefined, undefined, 0, -1],
  'Buffer.slice': ['BufferMethods::slice', undefined, 0, -1],
  'Buffer.shift': ['BufferMethods::shift', undefined, undefined, 0, -1],
  'Buffer.rotate': ['BufferMethods::rotate', undefined, undefined, 0, -1],
  'Buffer.write': ['BufferMethods::write'],
  'Buffer.toHex': ['BufferMethods::toHex'],
  'Buffer.toString': ['BufferMethods::toString'],
};

/**
 * API functions that exist in the firmware under the same name but must not be called directly:
 * MakeCode wraps them in library code with other behaviour, or they need program support we do
 * not have yet (radio packets, music).
 */
const NOT_DIRECT = new Set(['control.dmesgPtr', 'pins.getPinAddress']);

/** Formats the code generator can convert to and from (docs/firmware-interface.md §6). */
const SUPPORTED_FORMATS = /^(I|B|V|N|T|S|_Action|_RefAction|_Image|_RefCollection|_Buffer|_ImageLiteral_?)$/;

function usable(entry: RuntimeEntry | undefined): entry is RuntimeEntry {
  return entry !== undefined && entry.kind === 'function' && entry.argsFmt.every((f) => SUPPORTED_FORMATS.test(f));
}

/** How the API member `name` (`basic.showNumber`, `Array.push`) runs on the device, if it can. */
export function apiBinding(name: string, flavor: FirmwareFlavor = 'radio'): ApiBinding | undefined {
  if (GENERATED.has(name)) return { kind: 'generated', name: name as GeneratedBinding['name'] };
  const library = DEVICE_LIBRARY_FUNCTIONS.get(name);
  if (library) return { kind: 'library', fn: library };
  if (NOT_DIRECT.has(name)) return undefined;
  const alias = FIRMWARE_ALIASES[name];
  if (alias) {
    const [entryName, ...defaults] = alias;
    const entry = lookupRuntimeEntry(entryName, flavor);
    return usable(entry) ? { kind: 'firmware', entry, defaults } : undefined;
  }
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || /^[A-Z]/.test(name)) return undefined;
  const entry = lookupRuntimeEntry(`${name.slice(0, dot)}::${name.slice(dot + 1)}`, flavor);
  return usable(entry) ? { kind: 'firmware', entry, defaults: [] } : undefined;
}

/** The namespace prefix of the device library's stand-ins for firmware functions. */
export const FIRMWARE_STUB_PREFIX = '__firmware_';

/**
 * The namespace of the device library's stand-ins for runtime helpers (runtime-helpers.ts) that
 * take no argument: `__runtime_helper.serial_take()` is `bl _serial_take` (its body is never
 * compiled).
 */
export const HELPER_STUB_PREFIX = '__runtime_helper.';

/**
 * The firmware entry a device library stand-in calls: `__firmware_radio.readRawPacket` (a
 * function with a placeholder body, so the shared front end, which refuses `declare`, can type
 * the call) is `radio::readRawPacket`. Undefined for any other function.
 */
export function firmwareStubBinding(name: string, flavor: FirmwareFlavor = 'radio'): FirmwareBinding | undefined {
  if (!name.startsWith(FIRMWARE_STUB_PREFIX)) return undefined;
  const dot = name.indexOf('.');
  if (dot < 0) return undefined;
  const entry = lookupRuntimeEntry(`${name.slice(FIRMWARE_STUB_PREFIX.length, dot)}::${name.slice(dot + 1)}`, flavor);
  return usable(entry) ? { kind: 'firmware', entry, defaults: [] } : undefined;
}
