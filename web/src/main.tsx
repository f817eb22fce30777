import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './app/mantine-styles';
import './app/global.css';
import { App } from './app/app';
import { keepServedCompany } from './lib/served-page';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// before the first render replaces the served page's markup
keepServedCompany();
const root = createRoot(container);
// The first render as a transition: React renders it in slices of a few milliseconds instead of one long task, so
// the phone's main thread stays free between them (Lighthouse: LCP and TBT lower; docs/benchmarks.md#page-weight-and-speed)
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
