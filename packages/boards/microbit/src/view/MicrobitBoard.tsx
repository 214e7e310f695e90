// Our drawing of a micro:bit-like board as SVG: LEDs glowing by brightness, buttons A and B
// (and A+B when the program uses it), the touch logo and the edge pins 0, 1, 2, 3V and GND.
// Every control is a focusable button (Space/Enter press it) with a large hit area. Colours are
// SVG attributes rather than CSS so that a screenshot of the element looks the same.

import { type KeyboardEvent, type PointerEvent, type Ref, useId } from 'react';
import {
  AB_BUTTON,
  BOARD_HEIGHT,
  BOARD_WIDTH,
  BUTTONS,
  BUTTON_CAP_RADIUS,
  BUTTON_HIT_RADIUS,
  BUTTON_HOUSING,
  EDGE_PADS,
  EDGE_TOP,
  LED_SIZE,
  LOGO,
  PAD_HEIGHT,
  PAD_WIDTH,
  ledCentre,
} from './board-geometry.ts';
import { type BoardThemeName, boardColours } from './board-themes.ts';
import type { Translate } from './led-description.ts';

export type BoardButton = 'A' | 'B' | 'AB';

export interface MicrobitBoardProps {
  /** 25 brightness values (0-255), row by row. */
  leds: ArrayLike<number>;
  pressed: { A: boolean; B: boolean };
  pinsTouched: readonly boolean[];
  logoTouched: boolean;
  /**
   * `width` (default): as wide as its container, as tall as that makes it. `box`: as large as
   * fits in its container's width and height (the container must have a height), at most its
   * natural size.
   */
  fit?: 'width' | 'box';
  theme: BoardThemeName;
  highContrast: boolean;
  /** Show the A+B button (the program listens for A+B). */
  showAB: boolean;
  /** The board can be tilted by dragging it (the program reads the accelerometer). */
  tiltable: boolean;
  t: Translate;
  /** The accessible name of the board ("micro:bit 1"). */
  label: string;
  onPress: (button: BoardButton) => void;
  onRelease: (button: BoardButton) => void;
  onTouchPin: (pin: 0 | 1 | 2, touched: boolean) => void;
  onTouchLogo: (touched: boolean) => void;
  /** Pointer position over the board while dragging it, -1..1 from the centre (right, down). */
  onTilt: (nx: number, ny: number) => void;
  svgRef?: Ref<SVGSVGElement>;
}

/** Keyboard and pointer handlers for a control that is held down while pressed. */
function holdHandlers(down: () => void, up: () => void) {
  return {
    onPointerDown(event: PointerEvent<SVGElement>) {
      if (event.button !== 0) return;
      event.stopPropagation();
      event.currentTarget.setPointerCapture?.(event.pointerId);
      down();
    },
    onPointerUp(event: PointerEvent<SVGElement>) {
      event.stopPropagation();
      up();
    },
    onPointerCancel: up,
    onKeyDown(event: KeyboardEvent<SVGElement>) {
      if ((event.key === ' ' || event.key === 'Enter') && !event.repeat) {
        event.preventDefault();
        down();
      }
    },
    onKeyUp(event: KeyboardEvent<SVGElement>) {
      if (event.key === ' ' || event.key === 'Enter') {
        event.preventDefault();
        up();
      }
    },
  };
}

export function MicrobitBoard({ svgRef, ...props }: MicrobitBoardProps) {
  const { t, leds, pressed } = props;
  const colours = boardColours(props.theme, props.highContrast);
  const id = useId().replace(/[^a-zA-Z0-9-]/g, '');
  const glow = `glow-${id}`;

  const tiltFromPointer = (event: PointerEvent<SVGElement>) => {
    const svg = event.currentTarget.ownerSVGElement ?? (event.currentTarget as SVGSVGElement);
    const box = svg.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    props.onTilt(((event.clientX - box.left) / box.width) * 2 - 1, ((event.clientY - box.top) / box.height) * 2 - 1);
  };
  const bodyHandlers = props.tiltable
    ? {
        onPointerDown(event: PointerEvent<SVGElement>) {
          event.currentTarget.setPointerCapture?.(event.pointerId);
          tiltFromPointer(event);
        },
        onPointerMove(event: PointerEvent<SVGElement>) {
          if (event.buttons & 1) tiltFromPointer(event);
        },
      }
    : {};

  return (
    <svg
      ref={svgRef}
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${BOARD_WIDTH} ${BOARD_HEIGHT}`}
      width={BOARD_WIDTH}
      height={BOARD_HEIGHT}
      role="group"
      aria-label={props.label}
      className="microbit-board"
      style={{
        ...(props.fit === 'box'
          ? { width: 'auto', height: 'auto', maxWidth: '100%', maxHeight: '100%' }
          : { width: '100%', height: 'auto' }),
        touchAction: 'none',
        userSelect: 'none',
      }}
    >
      <defs>
        <radialGradient id={glow}>
          <stop offset="0%" stopColor={colours.ledOn} stopOpacity="0.85" />
          <stop offset="100%" stopColor={colours.ledOn} stopOpacity="0" />
        </radialGradient>
      </defs>
      <path
        d={`M24 2 H${BOARD_WIDTH - 24} Q${BOARD_WIDTH - 2} 2 ${BOARD_WIDTH - 2} 24 V${BOARD_HEIGHT - 2} H2 V24 Q2 2 24 2 Z`}
        fill={colours.body}
        stroke={colours.bodyEdge}
        strokeWidth={colours.outline + 2}
        data-part="body"
        style={props.tiltable ? { cursor: 'grab' } : undefined}
        {...bodyHandlers}
      />
      <Logo {...props} colours={colours} />
      <g data-part="leds" pointerEvents="none">
        {Array.from({ length: 25 }, (_, i) => {
          const x = i % 5;
          const y = Math.floor(i / 5);
          const level = Math.max(0, Math.min(255, leds[i] ?? 0)) / 255;
          const { cx, cy } = ledCentre(x, y);
          return (
            <g key={i}>
              <rect
                x={cx - LED_SIZE.width / 2}
                y={cy - LED_SIZE.height / 2}
                width={LED_SIZE.width}
                height={LED_SIZE.height}
                rx={3}
                fill={colours.ledOff}
                stroke={colours.ledEdge}
              />
              {level > 0 && (
                <>
                  <circle cx={cx} cy={cy} r={26} fill={`url(#${glow})`} opacity={0.25 + 0.75 * level} />
                  <rect
                    x={cx - LED_SIZE.width / 2}
                    y={cy - LED_SIZE.height / 2}
                    width={LED_SIZE.width}
                    height={LED_SIZE.height}
                    rx={3}
                    fill={colours.ledOn}
                    opacity={0.35 + 0.65 * level}
                    data-lit={Math.round(level * 255)}
                  />
                </>
              )}
            </g>
          );
        })}
      </g>
      {(['A', 'B'] as const).map((name) => (
        <BoardButtonShape
          key={name}
          name={name}
          pressed={pressed[name]}
          colours={colours}
          label={t(`sim.board.button${name}`)}
          onPress={props.onPress}
          onRelease={props.onRelease}
        />
      ))}
      {props.showAB && (
        <g
          role="button"
          tabIndex={0}
          aria-label={t('sim.board.buttonAB')}
          aria-pressed={pressed.A && pressed.B}
          data-part="button-AB"
          style={{ cursor: 'pointer' }}
          {...holdHandlers(
            () => props.onPress('AB'),
            () => props.onRelease('AB'),
          )}
        >
          <rect
            x={AB_BUTTON.cx - AB_BUTTON.width / 2}
            y={AB_BUTTON.cy - AB_BUTTON.height / 2}
            width={AB_BUTTON.width}
            height={AB_BUTTON.height}
            rx={AB_BUTTON.height / 2}
            fill={pressed.A && pressed.B ? colours.capPressed : colours.cap}
            stroke={colours.ink}
            strokeWidth={colours.outline}
          />
          <text
            x={AB_BUTTON.cx}
            y={AB_BUTTON.cy + 7}
            textAnchor="middle"
            fontSize={20}
            fontWeight="bold"
            fontFamily="sans-serif"
            fill={pressed.A && pressed.B ? '#000000' : '#ffffff'}
          >
            A+B
          </text>
        </g>
      )}
      <EdgeConnector {...props} colours={colours} />
    </svg>
  );
}

type BoardParts = Omit<MicrobitBoardProps, 'svgRef'>;

interface Coloured {
  colours: ReturnType<typeof boardColours>;
}

function BoardButtonShape(
  props: Coloured & {
    name: 'A' | 'B';
    pressed: boolean;
    label: string;
    onPress: (button: BoardButton) => void;
    onRelease: (button: BoardButton) => void;
  },
) {
  const { cx, cy } = BUTTONS[props.name];
  const { colours } = props;
  return (
    <g
      role="button"
      tabIndex={0}
      aria-label={props.label}
      aria-pressed={props.pressed}
      data-part={`button-${props.name}`}
      style={{ cursor: 'pointer' }}
      {...holdHandlers(
        () => props.onPress(props.name),
        () => props.onRelease(props.name),
      )}
    >
      <circle cx={cx} cy={cy} r={BUTTON_HIT_RADIUS} fill="transparent" />
      <rect
        x={cx - BUTTON_HOUSING / 2}
        y={cy - BUTTON_HOUSING / 2}
        width={BUTTON_HOUSING}
        height={BUTTON_HOUSING}
        rx={8}
        fill={colours.housing}
        stroke={colours.ink}
        strokeWidth={props.pressed ? colours.outline + 2 : colours.outline}
      />
      <circle
        cx={cx}
        cy={cy + (props.pressed ? 2 : 0)}
        r={BUTTON_CAP_RADIUS}
        fill={props.pressed ? colours.capPressed : colours.cap}
        stroke={colours.capEdge}
        strokeWidth={colours.outline > 2 ? 2 : 1}
      />
      <text
        x={cx}
        y={cy - BUTTON_HOUSING / 2 - 14}
        textAnchor="middle"
        fontSize={28}
        fontWeight="bold"
        fontFamily="sans-serif"
        fill={colours.ink}
      >
        {props.name}
      </text>
    </g>
  );
}

function Logo(props: BoardParts & Coloured) {
  const { colours } = props;
  const touched = props.logoTouched;
  const w = LOGO.width;
  const h = LOGO.height;
  return (
    <g
      role="button"
      tabIndex={0}
      aria-label={props.t('sim.board.logo')}
      aria-pressed={touched}
      data-part="logo"
      style={{ cursor: 'pointer' }}
      {...holdHandlers(
        () => props.onTouchLogo(true),
        () => props.onTouchLogo(false),
      )}
    >
      <rect x={LOGO.cx - w / 2 - 10} y={LOGO.cy - h / 2 - 10} width={w + 20} height={h + 20} fill="transparent" />
      <rect
        x={LOGO.cx - w / 2}
        y={LOGO.cy - h / 2}
        width={w}
        height={h}
        rx={h / 2}
        fill={touched ? colours.padTouched : 'none'}
        stroke={touched ? colours.padTouched : colours.pad}
        strokeWidth={5}
      />
      <circle cx={LOGO.cx - 14} cy={LOGO.cy} r={6} fill={touched ? colours.padInk : colours.pad} />
      <circle cx={LOGO.cx + 14} cy={LOGO.cy} r={6} fill={touched ? colours.padInk : colours.pad} />
    </g>
  );
}

function EdgeConnector(props: BoardParts & Coloured) {
  const { colours, t } = props;
  const teeth: number[] = [];
  for (let x = 14; x < BOARD_WIDTH - 10; x += 9) {
    if (EDGE_PADS.every((pad) => Math.abs(pad.cx - x) > PAD_WIDTH / 2 + 4)) teeth.push(x);
  }
  return (
    <g data-part="edge">
      {teeth.map((x) => (
        <rect key={x} x={x} y={EDGE_TOP + 34} width={4} height={BOARD_HEIGHT - EDGE_TOP - 36} fill={colours.pad} />
      ))}
      {EDGE_PADS.map((pad) => {
        const pin = pad.pin;
        const touched = pin !== undefined && props.pinsTouched[pin] === true;
        const shape = (
          <>
            <rect
              x={pad.cx - PAD_WIDTH / 2}
              y={EDGE_TOP}
              width={PAD_WIDTH}
              height={PAD_HEIGHT}
              rx={6}
              fill={touched ? colours.padTouched : colours.pad}
              stroke={colours.bodyEdge}
              strokeWidth={1}
            />
            <circle cx={pad.cx} cy={EDGE_TOP + 24} r={13} fill={colours.body} stroke={colours.padInk} strokeWidth={2} />
            <text
              x={pad.cx}
              y={EDGE_TOP + 64}
              textAnchor="middle"
              fontSize={pad.label.length > 1 ? 18 : 24}
              fontWeight="bold"
              fontFamily="sans-serif"
              fill={colours.padInk}
            >
              {pad.label}
            </text>
          </>
        );
        if (pin === undefined) {
          return (
            <g key={pad.label} data-part={`pin-${pad.label}`} aria-hidden="true">
              {shape}
            </g>
          );
        }
        return (
          <g
            key={pad.label}
            role="button"
            tabIndex={0}
            aria-label={t('sim.board.pin', { pin })}
            aria-pressed={touched}
            data-part={`pin-${pin}`}
            style={{ cursor: 'pointer' }}
            {...holdHandlers(
              () => props.onTouchPin(pin, true),
              () => props.onTouchPin(pin, false),
            )}
          >
            {shape}
          </g>
        );
      })}
    </g>
  );
}
