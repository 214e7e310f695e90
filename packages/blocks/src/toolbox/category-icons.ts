// Toolbox category icons: self-hosted lucide pictures (no icon font, no request leaves the app).
// A category is matched by its id first, then by the Font Awesome codepoint its annotation gives
// (MakeCode libraries name icons that way), and gets a puzzle piece otherwise.

import {
  AudioWaveform,
  Bluetooth,
  Cable,
  Calculator,
  ChevronsDown,
  CircleDot,
  Cpu,
  Gamepad2,
  Headphones,
  Image,
  LayoutGrid,
  Lightbulb,
  List,
  Plug,
  Puzzle,
  RadioTower,
  Repeat,
  Search,
  Settings,
  Split,
  SquareFunction,
  Terminal,
  Timer,
  Type,
  Usb,
  Variable,
  type IconNode,
} from 'lucide';

const byId: Readonly<Record<string, IconNode>> = {
  basic: LayoutGrid,
  input: CircleDot,
  music: Headphones,
  led: Lightbulb,
  radio: RadioTower,
  loops: Repeat,
  logic: Split,
  variables: Variable,
  math: Calculator,
  functions: SquareFunction,
  arrays: List,
  text: Type,
  game: Gamepad2,
  images: Image,
  pins: Plug,
  serial: Usb,
  control: Settings,
  console: Terminal,
  bluetooth: Bluetooth,
  datalogger: Timer,
  wiring: Cable,
  soundexpression: AudioWaveform,
  advanced: ChevronsDown,
  search: Search,
};

/** Font Awesome codepoints seen in MakeCode-style annotations, mapped to a similar picture. */
const byCodepoint: Readonly<Record<string, IconNode>> = {
  '\uf00a': LayoutGrid,
  '\uf192': CircleDot,
  '\uf025': Headphones,
  '\uf205': Lightbulb,
  '\uf012': RadioTower,
  '\uf01e': Repeat,
  '\uf074': Split,
  '\uf039': Variable,
  '\uf1ec': Calculator,
  '\uf109': SquareFunction,
  '\uf0cb': List,
  '\uf035': Type,
  '\uf11b': Gamepad2,
  '\uf03e': Image,
  '\uf140': Plug,
  '\uf287': Usb,
  '\uf110': Settings,
  '\uf013': Settings,
  '\uf2db': Cpu,
  '\uf293': Bluetooth,
};

export function categoryIcon(id: string, codepoint?: string): IconNode {
  return byId[id.toLowerCase()] ?? (codepoint ? byCodepoint[codepoint] : undefined) ?? Puzzle;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An inline SVG element for an icon (currentColor strokes, so CSS picks the colour). */
export function iconElement(icon: IconNode, size = 22): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  const attributes: Record<string, string> = {
    width: String(size),
    height: String(size),
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'aria-hidden': 'true',
    focusable: 'false',
  };
  for (const [name, value] of Object.entries(attributes)) svg.setAttribute(name, value);
  for (const [tag, attrs] of icon) {
    const child = document.createElementNS(SVG_NS, tag);
    for (const [name, value] of Object.entries(attrs)) {
      if (value !== undefined) child.setAttribute(name, String(value));
    }
    svg.appendChild(child);
  }
  return svg;
}
