// The basic catalog's icon names (catalog.json, Icon.name) drawn with Material Design Icons
// (@mdi/js, Apache-2.0: only the paths named here are bundled), and a model-drawn `{svgPath}`
// checked to be path data and nothing else. Made as SVG elements (never parsed markup).

import {
  mdiAccountCircle, mdiPlus, mdiArrowLeft, mdiArrowRight, mdiPaperclip, mdiCalendar, mdiPhone, mdiCamera, mdiCheck, mdiClose,
  mdiDelete, mdiDownload, mdiPencil, mdiCalendarStar, mdiAlertCircle, mdiFastForward, mdiHeart, mdiHeartOutline, mdiFolder,
  mdiHelpCircle, mdiHome, mdiInformation, mdiMapMarker, mdiLock, mdiLockOpenVariant, mdiEmail, mdiMenu, mdiDotsVertical,
  mdiDotsHorizontal, mdiBellOff, mdiBell, mdiPause, mdiCreditCard, mdiAccount, mdiPhoneClassic, mdiImage, mdiPlay, mdiPrinter,
  mdiRefresh, mdiRewind, mdiMagnify, mdiSend, mdiCog, mdiShareVariant, mdiCart, mdiStar, mdiStarHalfFull, mdiStarOutline, mdiStop,
  mdiUpload, mdiEye, mdiEyeOff, mdiVolumeMedium, mdiVolumeMute, mdiVolumeOff, mdiVolumeHigh, mdiAlert, mdiSkipNext, mdiSkipPrevious,
} from '@mdi/js';
import { MAX_SVG_PATH_CHARS } from './limits';

/** Every name of the v0.9 catalog's enum (and v0.8's, where they differ). */
export const ICONS: Readonly<Record<string, string>> = {
  accountCircle: mdiAccountCircle, add: mdiPlus, arrowBack: mdiArrowLeft, arrowForward: mdiArrowRight, attachFile: mdiPaperclip,
  calendarToday: mdiCalendar, call: mdiPhone, camera: mdiCamera, check: mdiCheck, close: mdiClose, delete: mdiDelete,
  download: mdiDownload, edit: mdiPencil, event: mdiCalendarStar, error: mdiAlertCircle, fastForward: mdiFastForward,
  favorite: mdiHeart, favoriteOff: mdiHeartOutline, folder: mdiFolder, help: mdiHelpCircle, home: mdiHome, info: mdiInformation,
  locationOn: mdiMapMarker, lock: mdiLock, lockOpen: mdiLockOpenVariant, mail: mdiEmail, menu: mdiMenu, moreVert: mdiDotsVertical,
  moreHoriz: mdiDotsHorizontal, notificationsOff: mdiBellOff, notifications: mdiBell, pause: mdiPause, payment: mdiCreditCard,
  person: mdiAccount, phone: mdiPhoneClassic, photo: mdiImage, play: mdiPlay, print: mdiPrinter, refresh: mdiRefresh,
  rewind: mdiRewind, search: mdiMagnify, send: mdiSend, settings: mdiCog, share: mdiShareVariant, shoppingCart: mdiCart,
  skipNext: mdiSkipNext, skipPrevious: mdiSkipPrevious, star: mdiStar, starHalf: mdiStarHalfFull, starOff: mdiStarOutline,
  stop: mdiStop, upload: mdiUpload, visibility: mdiEye, visibilityOff: mdiEyeOff, volumeDown: mdiVolumeMedium,
  volumeMute: mdiVolumeMute, volumeOff: mdiVolumeOff, volumeUp: mdiVolumeHigh, warning: mdiAlert,
};

/** Path data only: commands, numbers, separators (a `d` attribute cannot run anything, but it is checked anyway). */
const PATH_DATA = /^[MmLlHhVvCcSsQqTtAaZz0-9eE.,+\-\s]*$/;

/** The path of icon `name` (a catalog name, its snake_case form, or `{svgPath}`), or null when there is none. */
export function iconPath(name: unknown): string | null {
  if (typeof name === 'string') {
    const key = name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    return Object.prototype.hasOwnProperty.call(ICONS, key) ? ICONS[key]! : null;
  }
  const path = (name as { svgPath?: unknown } | null)?.svgPath;
  return typeof path === 'string' && path.length <= MAX_SVG_PATH_CHARS && PATH_DATA.test(path) ? path : null;
}

/** An icon as an `<svg>` (filled, 24×24, the text's colour). */
export function iconSvg(path: string): SVGSVGElement {
  const NS = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const p = document.createElementNS(NS, 'path');
  p.setAttribute('d', path);
  p.setAttribute('fill', 'currentColor');
  svg.append(p);
  return svg;
}
