// What a language table is: every visitor-facing text of the widget and its modules, by key. The
// English of each part lives with that part (the core's in i18n.ts, the footer's in
// extras-strings.ts, …) so a module ships only its own; a language table (i18n/zh-CN.ts,
// i18n/ar.ts, …) has them all, and tsc fails when one lacks a key or has one English does not.
import type { CodeStrings } from '../code-strings';
import type { ExtrasStrings } from '../extras-strings';
import type { Strings } from './i18n';
import type { UploadStrings } from '../../attachments/uploader-strings';
import type { FormStrings } from './form-strings';
import type { SandboxStrings } from './sandbox-strings';

export type LangTable = Strings & ExtrasStrings & UploadStrings & SandboxStrings & CodeStrings & FormStrings;
