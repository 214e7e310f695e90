import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// The simulator page runs inside a sandboxed frame; the simulator issue fills it in.
function SimulatorPage() {
  return <p>Simulator</p>;
}

const container = document.getElementById('sim-root');
if (container)
  createRoot(container).render(
    <StrictMode>
      <SimulatorPage />
    </StrictMode>,
  );
