/**
 * A button that shows a panel under itself (the tables' "Sort by" and "Columns", the navbar's user details): the
 * button says `aria-expanded`; the panel follows it in the document, so Tab reaches it next; opening moves the focus
 * to the panel's first control; Escape closes it and gives the focus back to the button; a click elsewhere or the
 * focus leaving it closes it. Not Mantine's Popover: that brings floating-ui into every page that shows one
 * (docs/decisions.md#pop-overs-and-hints-without-floating-ui). The panel is `position: fixed` (placed by place.ts),
 * so a card's overflow does not clip it.
 */
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import { place } from './place';
import classes from './popup.module.css';

export interface DisclosureButtonProps {
  ref: Ref<HTMLButtonElement>;
  'aria-expanded': boolean;
  'aria-controls': string | undefined;
  onClick: () => void;
}

export interface DisclosureProps {
  /** Draws the button with these props (a Mantine Button or ActionIcon). */
  button: (props: DisclosureButtonProps) => ReactNode;
  /** The panel's content; `close` closes it and gives the focus back to the button. */
  children: (close: () => void) => ReactNode;
  /** Attributes of the panel (an aria-label, a data-testid, a width). */
  panelProps?: HTMLAttributes<HTMLDivElement> & { 'data-testid'?: string };
  /** 'end' (default): the panel's right edge under the button's; 'center': centred under it. */
  align?: 'end' | 'center';
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Disclosure({ button, children, panelProps, align = 'end' }: DisclosureProps) {
  const [opened, setOpened] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const close = useCallback((returnFocus: boolean) => {
    setOpened(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  const position = useCallback(() => {
    const target = buttonRef.current;
    const element = panel.current;
    if (!target || !element) return;
    const placement = place(target.getBoundingClientRect(), element.getBoundingClientRect(), 'bottom', align, 4);
    element.style.top = `${placement.top}px`;
    element.style.left = `${placement.left}px`;
    element.dataset.placed = 'true';
  }, [align]);

  useLayoutEffect(() => {
    if (!opened) return;
    position();
    panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [opened, position]);

  useEffect(() => {
    if (!opened) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    window.addEventListener('scroll', position, true);
    window.addEventListener('resize', position);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
      window.removeEventListener('scroll', position, true);
      window.removeEventListener('resize', position);
    };
  }, [opened, close, position]);

  return (
    <div
      ref={root}
      className={classes.disclosure}
      onBlur={(event) => {
        // the focus left the button and its panel (Tab past the last control): the panel closes
        const next = event.relatedTarget as Node | null;
        if (opened && next && !root.current?.contains(next)) setOpened(false);
      }}
    >
      {button({
        ref: buttonRef,
        'aria-expanded': opened,
        'aria-controls': opened ? panelId : undefined,
        onClick: () => setOpened((open) => !open),
      })}
      {opened && (
        <div {...panelProps} ref={panel} id={panelId} className={classes.panel} data-placed="false">
          {children(() => close(true))}
        </div>
      )}
    </div>
  );
}
