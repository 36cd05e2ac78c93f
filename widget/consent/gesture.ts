// Whether a visitor's gesture in a piece of content (a view's frame, a surface drawn in the
// widget) is under way: the browser's transient activation, which a click or key press in a frame
// gives its ancestors too, with the focus on that frame or inside that element. The content's own code can forge anything it posts, but not these, which the
// host reads. They reach the host through the browser process, while a message comes straight from
// the frame: when they are not there yet, they are read once more a moment later.

/** How long after an ask arrives without a gesture the host looks again. */
export const GESTURE_GRACE_MS = 150;

/** A gesture in `el` (a frame, or an element and what is inside it) now. */
export const gestureIn = (el: Element): boolean =>
  !!navigator.userActivation?.isActive && el.contains((el.getRootNode() as Document | ShadowRoot).activeElement);

/** A gesture in `el` now, or {@link GESTURE_GRACE_MS} later. `later` is the caller's timer, so it ends with the content. */
export const awaitGesture = (el: Element, later: (ms: number, run: () => void) => void): Promise<boolean> =>
  gestureIn(el) ? Promise.resolve(true) : new Promise((done) => later(GESTURE_GRACE_MS, () => done(gestureIn(el))));
