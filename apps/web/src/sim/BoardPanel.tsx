// One board in the simulator page: the drawing, its spoken LED description and the sensor
// controls the program uses. The board's state comes from its BoardView (useSyncExternalStore),
// which the program worker feeds.

import {
  LedDescription,
  LedStrip,
  MicrobitBoard,
  SensorControls,
  type BoardThemeName,
} from '@blockyard/board-microbit/view';
import { type BoardView, GESTURES, type ProgramUsage } from '@blockyard/sim';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

export interface BoardPanelProps {
  board: BoardView;
  usage: ProgramUsage;
  theme: BoardThemeName;
  highContrast: boolean;
  /** Show "micro:bit n" above the board (several boards). */
  named: boolean;
  svgRef?: (element: SVGSVGElement | null) => void;
}

export function BoardPanel({ board, usage, theme, highContrast, named, svgRef }: BoardPanelProps) {
  const { t } = useTranslation();
  const snapshot = useSyncExternalStore(
    (listener) => board.subscribe(listener),
    () => board.getSnapshot(),
  );
  const { sensors } = snapshot;
  const tilt = usage.accelerometer
    ? `perspective(900px) rotateX(${(-sensors.accelerationY / 1023) * 28}deg) rotateY(${(sensors.accelerationX / 1023) * 28}deg)`
    : undefined;
  const name = t('sim.boardName', { n: board.id });
  return (
    <section className="sim-board" aria-label={name} data-board={board.id}>
      {named && <h2 className="sim-board-name">{name}</h2>}
      <div className="sim-board-drawing" style={tilt ? { transform: tilt } : undefined}>
        <MicrobitBoard
          svgRef={svgRef}
          leds={snapshot.leds}
          pressed={snapshot.pressed}
          pinsTouched={snapshot.pinsTouched}
          logoTouched={snapshot.logoTouched}
          fit="box"
          theme={theme}
          highContrast={highContrast}
          showAB={usage.buttonAB}
          tiltable={usage.accelerometer}
          t={t}
          label={name}
          onPress={(button) => board.press(button)}
          onRelease={(button) => board.release(button)}
          onTouchPin={(pin, touched) => board.touchPin(pin, touched)}
          onTouchLogo={(touched) => board.touchLogo(touched)}
          onTilt={(nx, ny) => board.tilt(nx, ny)}
        />
      </div>
      <LedDescription className="visually-hidden" leds={snapshot.leds} t={t} />
      {snapshot.strips.length > 0 && (
        <div className="sim-strips">
          {snapshot.strips.map((strip) => (
            <LedStrip
              key={strip.pin}
              className="sim-strip"
              pin={strip.pin}
              colours={strip.colours}
              highContrast={highContrast}
              t={t}
            />
          ))}
        </div>
      )}
      <SensorControls
        usage={usage}
        values={sensors}
        gestures={GESTURES}
        t={t}
        onChange={(key, value) => board.setSensor(key, value)}
        onGesture={(value) => board.gesture(value)}
        pinLevels={snapshot.pinLevels}
        pinsTouched={snapshot.pinsTouched}
        onPinLevel={(pin, level) => board.setPinLevel(pin, level)}
        onTouchPin={(pin, touched) => board.touchPin(pin, touched)}
      />
    </section>
  );
}
