// The uploader's English words (widget/attachments/uploader.ts), kept out of the core's table (widget/ui/i18n/i18n.ts)
// so the core carries only what it shows itself. The strings the core passes in go over them, so a
// language module (widget/ui/i18n/zh-CN.ts, which has these keys too) still wins.
export const UPLOAD_EN = {
  attach: 'Attach a file',
  record: 'Record a voice note',
  stopRecording: 'Stop recording',
  recording: 'Recording…',
  recordingStopped: 'Recording stopped',
  noMicrophone: 'The microphone is not available',
  dropHint: 'Drop files to attach',
  uploading: 'Uploading {name}',
  attached: 'Attached {name}',
  removeAttachment: 'Remove attachment {name}',
  removed: 'Removed {name}',
  uploadFailed: 'Upload failed: {reason}',
  uploadError: 'The upload did not go through. Please try again.',
  waitForUploads: 'Wait for the uploads to finish',
  tooManyAttachments: 'Up to {n} attachments per message',
  tooLargeImage: 'Too large: images up to {mb} MB',
  tooLargeAudio: 'Too large: voice notes and audio up to {mb} MB',
  tooLargeFile: 'Too large: files up to {mb} MB',
  unsupportedFile: 'Not supported: attach images, audio or documents (PDF, Office, text, CSV, JSON, ZIP)',
  emptyFile: 'The file is empty',
} as const;

export type UploadStrings = { readonly [K in keyof typeof UPLOAD_EN]: string };
