// The widget's own words, in English and Simplified Chinese. Accessible names stay
// stable English in `en` because hosts and tests address controls by them.
import type { Lang } from '../embed';

const en = {
  openChat: 'Open chat',
  close: 'Close',
  newConversation: 'New conversation',
  maximize: 'Maximize',
  restore: 'Restore size',
  send: 'Send',
  stop: 'Stop',
  message: 'Message',
  placeholder: 'Type your message…',
  conversation: 'Conversation',
  defaultTitle: 'Chat',
  working: 'Working…',
  thinking: 'Thinking…',
  responding: 'Responding',
  complete: 'Response complete',
  failedAnnounce: 'The answer failed',
  retry: 'Retry',
  stopped: 'Stopped. The full answer will show here when you reopen the chat.',
  recovering: 'This is taking longer than usual. The answer will appear here when it is ready.',
  recoverFailed: 'The answer could not be loaded. Please try again.',
  notSent: 'Your message could not be sent. It is back in the box below.',
  busy: 'Please wait for the current answer to finish.',
  you: 'You',
  assistant: 'Assistant',
  unavailable: 'The chat is not available right now.',
} as const;

export type Strings = { readonly [K in keyof typeof en]: string };

const zhCN: Strings = {
  openChat: '打开聊天',
  close: '关闭',
  newConversation: '新对话',
  maximize: '最大化',
  restore: '还原大小',
  send: '发送',
  stop: '停止',
  message: '消息',
  placeholder: '输入消息…',
  conversation: '对话',
  defaultTitle: '聊天',
  working: '处理中…',
  thinking: '思考中…',
  responding: '正在回复',
  complete: '回复完成',
  failedAnnounce: '回复失败',
  retry: '重试',
  stopped: '已停止。重新打开聊天时将显示完整回答。',
  recovering: '耗时比平时更长，回答准备好后会显示在这里。',
  recoverFailed: '无法加载回答，请重试。',
  notSent: '消息未能发送，已放回下方输入框。',
  busy: '请等待当前回答完成。',
  you: '你',
  assistant: '助手',
  unavailable: '聊天暂时不可用。',
};

export function stringsFor(lang: Lang): Strings {
  return lang === 'zh-CN' ? zhCN : en;
}
