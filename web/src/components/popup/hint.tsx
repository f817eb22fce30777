/**
 * A short label beside an element, shown while the pointer is over it or the keyboard focus is in it, hidden by
 * Escape: what Mantine's Tooltip did for the app's icon buttons and a few cells, without floating-ui (Mantine's
 * Tooltip and Popover bring it into every page that uses them; docs/decisions.md#pop-overs-and-hints-without-floating-ui).
 * The label is drawn into the document's body with `position: fixed`, so a table cell or a card does not clip it.
 * Icon buttons keep their own aria-label: the hint is what a sighted user reads, not their accessible name.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { place, type Side } from './place';
import classes from './popup.module.css';

export interface HintProps {
  label: ReactNode;
  children: ReactNode;
  /** The side it prefers; the other one when it does not fit. */
  side?: Side;
  /** Shown whatever the pointer does (an error that must be read). */
  opened?: boolean;
  /** No hint at all (the children alone). */
  disabled?: boolean;
  /** 'error': red; 'panel': the page's colours with a border (a small table). */
  tone?: 'default' | 'error' | 'panel';
  /** Wrapped over lines, at most `maxWidth` px wide (320 by default). */
  multiline?: boolean;
  maxWidth?: number;
  /** Added to the label's element (tests find it by this). */
  testId?: string;
}

function focusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

export function Hint({
  label,
  children,
  side = 'top',
  opened,
  disabled,
  tone,
  multiline,
  maxWidth,
  testId,
}: HintProps) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const anchor = useRef<HTMLSpanElement>(null);
  const hint = useRef<HTMLDivElement>(null);
  const id = useId();
  const shown = !disabled && (opened ?? ((hovered || focused) && !dismissed));

  const position = useCallback(() => {
    // the wrapped element's box (the wrapper may be stretched by a flex parent)
    const target = anchor.current?.firstElementChild ?? anchor.current;
    const element = hint.current;
    if (!target || !element) return;
    const placement = place(target.getBoundingClientRect(), element.getBoundingClientRect(), side);
    element.style.top = `${placement.top}px`;
    element.style.left = `${placement.left}px`;
    element.dataset.side = placement.side;
    element.dataset.placed = 'true';
  }, [side]);

  useLayoutEffect(() => {
    if (shown) position();
  }, [shown, position, label]);

  useEffect(() => {
    if (!shown) return;
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDismissed(true);
    };
    document.addEventListener('keydown', escape);
    window.addEventListener('scroll', position, true);
    window.addEventListener('resize', position);
    return () => {
      document.removeEventListener('keydown', escape);
      window.removeEventListener('scroll', position, true);
      window.removeEventListener('resize', position);
    };
  }, [shown, position]);

  return (
    <span
      ref={anchor}
      className={classes.anchor}
      onPointerEnter={() => {
        setDismissed(false);
        setHovered(true);
      }}
      onPointerLeave={() => setHovered(false)}
      onFocus={(event) => {
        setDismissed(false);
        setFocused(focusVisible(event.target));
      }}
      onBlur={() => setFocused(false)}
    >
      {children}
      {shown &&
        createPortal(
          <div
            ref={hint}
            id={id}
            role="tooltip"
            className={classes.hint}
            data-placed="false"
            data-tone={tone}
            data-multiline={multiline || undefined}
            data-testid={testId}
            style={maxWidth ? { maxWidth } : undefined}
          >
            {label}
          </div>,
          document.body,
        )}
    </span>
  );
}
