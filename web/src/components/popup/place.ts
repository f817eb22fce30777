/**
 * Where a floating element (a hint, a disclosure's panel) goes beside its anchor, in viewport coordinates for
 * `position: fixed`: on the preferred side, on the opposite one when it does not fit there, and moved along the
 * anchor so that it stays on screen. A few lines instead of floating-ui, which Mantine's Popover and Tooltip bring
 * into every page that uses them (docs/decisions.md#pop-overs-and-hints-without-floating-ui).
 */
export type Side = 'top' | 'bottom' | 'left' | 'right';

export interface Placement {
  top: number;
  left: number;
  side: Side;
}

const MARGIN = 8;

const OPPOSITE: Record<Side, Side> = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' };

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, max));
}

/**
 * `align` 'center' centres the element on the anchor; 'end' lines its end up with the anchor's end (a panel under
 * a button at the right of a toolbar opens towards the page).
 */
export function place(
  anchor: Pick<DOMRect, 'top' | 'bottom' | 'left' | 'right' | 'width' | 'height'>,
  size: { width: number; height: number },
  preferred: Side,
  align: 'center' | 'end' = 'center',
  gap = 6,
  viewport = { width: window.innerWidth, height: window.innerHeight },
): Placement {
  const room: Record<Side, number> = {
    top: anchor.top - gap - MARGIN,
    bottom: viewport.height - anchor.bottom - gap - MARGIN,
    left: anchor.left - gap - MARGIN,
    right: viewport.width - anchor.right - gap - MARGIN,
  };
  const vertical = preferred === 'top' || preferred === 'bottom';
  const needed = vertical ? size.height : size.width;
  const side =
    room[preferred] >= needed || room[preferred] >= room[OPPOSITE[preferred]] ? preferred : OPPOSITE[preferred];
  if (vertical) {
    const top = side === 'bottom' ? anchor.bottom + gap : anchor.top - gap - size.height;
    const wanted = align === 'end' ? anchor.right - size.width : anchor.left + anchor.width / 2 - size.width / 2;
    const left = clamp(wanted, MARGIN, Math.max(MARGIN, viewport.width - MARGIN - size.width));
    return { top, left, side };
  }
  const left = side === 'right' ? anchor.right + gap : anchor.left - gap - size.width;
  const wanted = align === 'end' ? anchor.bottom - size.height : anchor.top + anchor.height / 2 - size.height / 2;
  const top = clamp(wanted, MARGIN, Math.max(MARGIN, viewport.height - MARGIN - size.height));
  return { top, left, side };
}
