// What the surfaces' own chrome says, in the widget's languages (the `lang` of the widget's root:
// the module goes by the language the widget speaks). `{n}`, `{m}` and `{x}` are filled in.

const EN = {
  surface: 'Interface',
  building: 'Building the interface…',
  buildingTokens: 'Building the interface… ({n} tokens so far)',
  retrying: 'Retrying… (attempt {n} of {m})',
  failed: 'The interface could not be built.',
  details: 'Details',
  unreadable: 'This interface could not be read.',
  unsupportedCatalog: 'This interface uses a component set this chat does not have, so it is not shown.',
  unknownComponent: 'A part of this interface cannot be shown ({x}).',
  loop: 'A part of this interface contains itself and is not shown.',
  tooLarge: 'Part of this interface is too large to show.',
  more: '{n} more not shown',
  sending: 'Sending…',
  sent: 'Sent.',
  notSent: 'Not sent: {x}',
  image: 'Image',
  video: 'Video',
  audio: 'Audio',
  blocked: '{x} not loaded (this site does not allow media from there)',
  close: 'Close',
  report: 'Tell the assistant',
  reported: 'The assistant was told.',
  closed: 'This interface was closed.',
  filter: 'Filter options',
  invalidFormat: 'This is not in the expected form.',
  restored: 'Shown again from the conversation history.',
};
export type A2uiStrings = typeof EN;

const TABLES: Record<string, A2uiStrings> = {
  en: EN,
  'zh-CN': {
    surface: '界面', building: '正在生成界面…', buildingTokens: '正在生成界面…（已生成 {n} 个词元）', retrying: '正在重试…（第 {n} 次，共 {m} 次）',
    failed: '界面生成失败。', details: '详情', unreadable: '无法读取此界面。', unsupportedCatalog: '此界面使用了本聊天不支持的组件集，因此未显示。',
    unknownComponent: '此界面的一部分无法显示（{x}）。', loop: '此界面的一部分包含了自身，未显示。', tooLarge: '此界面的一部分过大，无法显示。',
    more: '还有 {n} 项未显示', sending: '正在发送…', sent: '已发送。', notSent: '未发送：{x}', image: '图片', video: '视频', audio: '音频',
    blocked: '{x}未加载（本站不允许从该来源加载媒体）', close: '关闭', report: '告诉助手', reported: '已告知助手。', closed: '此界面已关闭。',
    filter: '筛选选项', invalidFormat: '此内容格式不正确。', restored: '从对话记录中重新显示。',
  },
  es: {
    surface: 'Interfaz', building: 'Creando la interfaz…', buildingTokens: 'Creando la interfaz… ({n} tokens hasta ahora)', retrying: 'Reintentando… (intento {n} de {m})',
    failed: 'No se pudo crear la interfaz.', details: 'Detalles', unreadable: 'No se pudo leer esta interfaz.', unsupportedCatalog: 'Esta interfaz usa un conjunto de componentes que este chat no tiene, así que no se muestra.',
    unknownComponent: 'Una parte de esta interfaz no se puede mostrar ({x}).', loop: 'Una parte de esta interfaz se contiene a sí misma y no se muestra.', tooLarge: 'Una parte de esta interfaz es demasiado grande para mostrarla.',
    more: '{n} más sin mostrar', sending: 'Enviando…', sent: 'Enviado.', notSent: 'No enviado: {x}', image: 'Imagen', video: 'Vídeo', audio: 'Audio',
    blocked: '{x} no cargado (este sitio no permite contenido multimedia de ese origen)', close: 'Cerrar', report: 'Avisar al asistente', reported: 'Se avisó al asistente.', closed: 'Esta interfaz se cerró.',
    filter: 'Filtrar opciones', invalidFormat: 'No tiene el formato esperado.', restored: 'Mostrado de nuevo desde el historial de la conversación.',
  },
  ar: {
    surface: 'واجهة', building: 'جارٍ إنشاء الواجهة…', buildingTokens: 'جارٍ إنشاء الواجهة… ({n} رمزًا حتى الآن)', retrying: 'جارٍ إعادة المحاولة… (المحاولة {n} من {m})',
    failed: 'تعذّر إنشاء الواجهة.', details: 'التفاصيل', unreadable: 'تعذّرت قراءة هذه الواجهة.', unsupportedCatalog: 'تستخدم هذه الواجهة مجموعة مكونات لا تتوفر في هذه الدردشة، لذا لا تُعرض.',
    unknownComponent: 'تعذّر عرض جزء من هذه الواجهة ({x}).', loop: 'جزء من هذه الواجهة يحتوي نفسه فلا يُعرض.', tooLarge: 'جزء من هذه الواجهة أكبر من أن يُعرض.',
    more: '{n} أخرى غير معروضة', sending: 'جارٍ الإرسال…', sent: 'تم الإرسال.', notSent: 'لم يُرسل: {x}', image: 'صورة', video: 'فيديو', audio: 'صوت',
    blocked: 'لم يُحمَّل {x} (لا يسمح هذا الموقع بالوسائط من ذلك المصدر)', close: 'إغلاق', report: 'إبلاغ المساعد', reported: 'تم إبلاغ المساعد.', closed: 'أُغلقت هذه الواجهة.',
    filter: 'تصفية الخيارات', invalidFormat: 'هذه القيمة ليست بالصيغة المتوقعة.', restored: 'معروضة مجددًا من سجل المحادثة.',
  },
  ja: {
    surface: 'インターフェース', building: 'インターフェースを作成中…', buildingTokens: 'インターフェースを作成中…（これまで {n} トークン）', retrying: '再試行中…（{m} 回中 {n} 回目）',
    failed: 'インターフェースを作成できませんでした。', details: '詳細', unreadable: 'このインターフェースを読み取れませんでした。', unsupportedCatalog: 'このインターフェースはこのチャットにないコンポーネントセットを使っているため、表示されません。',
    unknownComponent: 'このインターフェースの一部を表示できません（{x}）。', loop: 'このインターフェースの一部が自分自身を含んでいるため、表示されません。', tooLarge: 'このインターフェースの一部は大きすぎて表示できません。',
    more: 'ほか {n} 件は表示されていません', sending: '送信中…', sent: '送信しました。', notSent: '送信されませんでした：{x}', image: '画像', video: '動画', audio: '音声',
    blocked: '{x}は読み込まれていません（このサイトはその提供元のメディアを許可していません）', close: '閉じる', report: 'アシスタントに伝える', reported: 'アシスタントに伝えました。', closed: 'このインターフェースは閉じられました。',
    filter: 'オプションを絞り込む', invalidFormat: '形式が正しくありません。', restored: '会話の履歴から再表示しました。',
  },
};

/** The strings of `lang` (the widget's), English where it has none. */
export const stringsFor = (lang: string): A2uiStrings => TABLES[lang] ?? TABLES[lang.split('-')[0]!] ?? EN;

/** `text` with `{n}`, `{m}`, `{x}` filled in. */
export const fill = (text: string, values: { n?: number | string; m?: number | string; x?: string }): string =>
  text.replace(/\{([nmx])\}/g, (_, k: 'n' | 'm' | 'x') => String(values[k] ?? ''));
