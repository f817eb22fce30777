/**
 * The hints and disclosure panels that replace Mantine's Tooltip and Popover
 * (docs/decisions.md#pop-overs-and-hints-without-floating-ui): where they go, and how the pointer and the keyboard
 * open and close them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Disclosure, Hint, place } from '.';

afterEach(cleanup);

const VIEWPORT = { width: 400, height: 300 };

function rect(left: number, top: number, width: number, height: number) {
  return { left, top, width, height, right: left + width, bottom: top + height };
}

describe('place', () => {
  it('puts the element under a button, its end at the button’s end', () => {
    // a 100×20 button at x 250–350, y 10–30; a 120×80 panel: left = 350 − 120, top = 30 + 4
    expect(place(rect(250, 10, 100, 20), { width: 120, height: 80 }, 'bottom', 'end', 4, VIEWPORT)).toEqual({
      top: 34,
      left: 230,
      side: 'bottom',
    });
  });

  it('flips to the other side when the preferred one has no room, and keeps it on screen', () => {
    // a hint preferring the top of a button at y 2: room above −12, below 300 − 22 − 6 − 8 = 264 → below;
    // centred it would start at 10 + 10 − 50 = −30: moved to the 8 px margin
    expect(place(rect(10, 2, 20, 20), { width: 100, height: 24 }, 'top', 'center', 6, VIEWPORT)).toEqual({
      top: 28,
      left: 8,
      side: 'bottom',
    });
  });

  it('stays on the preferred side when it fits there', () => {
    // above a button at y 200: top = 200 − 6 − 24 = 170; centred: 100 + 20 − 50 = 70
    expect(place(rect(100, 200, 40, 20), { width: 100, height: 24 }, 'top', 'center', 6, VIEWPORT)).toEqual({
      top: 170,
      left: 70,
      side: 'top',
    });
  });
});

function Options() {
  return (
    <>
      <Disclosure
        button={(props) => (
          <button type="button" {...props}>
            Sort by
          </button>
        )}
        panelProps={{ 'aria-label': 'Sort options', role: 'group' }}
      >
        {(close) => (
          <>
            <button type="button" onClick={close}>
              Close
            </button>
            <button type="button">Symbol</button>
          </>
        )}
      </Disclosure>
      <button type="button">Elsewhere</button>
    </>
  );
}

describe('Disclosure', () => {
  it('opens under its button, moves the focus in, and Escape closes it and gives the focus back', () => {
    render(<Options />);
    const button = screen.getByRole('button', { name: 'Sort by' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('group', { name: 'Sort options' })).toBeNull();

    fireEvent.click(button);
    const panel = screen.getByRole('group', { name: 'Sort options' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(panel.id);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'Sort options' })).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('closes on a click elsewhere, on the focus leaving it, and from its content', () => {
    render(<Options />);
    const button = screen.getByRole('button', { name: 'Sort by' });
    fireEvent.click(button);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Symbol' }));
    // a press inside keeps it open
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('group', { name: 'Sort options' }).id).toBe(button.getAttribute('aria-controls'));
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('group', { name: 'Sort options' })).toBeNull();

    fireEvent.click(button);
    fireEvent.blur(screen.getByRole('button', { name: 'Symbol' }), {
      relatedTarget: screen.getByRole('button', { name: 'Elsewhere' }),
    });
    expect(screen.queryByRole('group', { name: 'Sort options' })).toBeNull();

    fireEvent.click(button);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('group', { name: 'Sort options' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});

describe('Hint', () => {
  it('shows its label while the pointer is over the element; Escape hides it', () => {
    render(
      <Hint label="Delete">
        <button type="button" aria-label="Delete">
          x
        </button>
      </Hint>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerEnter(button.parentElement!);
    expect(screen.getByRole('tooltip').textContent).toBe('Delete');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerLeave(button.parentElement!);
    fireEvent.pointerEnter(button.parentElement!);
    expect(screen.getByRole('tooltip').textContent).toBe('Delete');
    fireEvent.pointerLeave(button.parentElement!);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows on keyboard focus, and always when opened (an error), never when disabled', () => {
    const { rerender } = render(
      <Hint label="Back">
        <button type="button">Back</button>
      </Hint>,
    );
    act(() => screen.getByRole('button', { name: 'Back' }).focus());
    expect(screen.getByRole('tooltip').textContent).toBe('Back');
    rerender(
      <Hint label="Could not save" opened tone="error">
        <button type="button">Back</button>
      </Hint>,
    );
    expect(screen.getByRole('tooltip').getAttribute('data-tone')).toBe('error');
    rerender(
      <Hint label="" disabled>
        <button type="button">Back</button>
      </Hint>,
    );
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
