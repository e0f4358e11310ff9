/**
 * Messages the server sends in `msg`, and the validation keys the schemas use, in both
 * languages. Placeholders are written {name}.
 */
import type { Language } from './constants';

const en = {
  // validation keys used by the schemas (fields.ts)
  email_required: 'Please enter your email',
  email_invalid: 'Please enter a valid email',
  password_required: 'Please enter your password',
  password_too_short: 'Password must be at least 6 characters',
  password_too_long: 'Password must be at most 200 characters',
  code_required: 'Please enter the verification code',
  code_too_long: 'The verification code has at most 6 characters',
  invite_required: 'Please enter the invite code',
  invite_invalid: 'Invite code verification failed',
  title_required: 'Please enter the title',
  title_too_long: 'The title has at most 100 characters',
  filters_required: 'Please set filter conditions',
  coin_required: 'Please select a coin',
  keywords_required: 'Please add at least one keyword',
  coin_unknown: 'Unknown coin: {coin}',
  interval_not_allowed: 'The interval {interval} cannot be used with the period {period}',
  group_name_required: 'Please enter the group name',
  group_name_too_long: 'The group name has at most 20 characters',
  username_required: 'Please enter the username',
  id_required: 'An id is required',
  // generic request errors
  field_invalid: 'Invalid value for "{field}"',
  field_invalid_with_reason: '{field}: {reason}',
  body_not_object: 'The request body must be a JSON object',
  body_malformed: 'The request body is not valid JSON',
  body_too_large: 'The request body is too large',
  unsupported_media_type: 'Send the request body as application/json',
  not_found: 'Not found',
  route_not_found: 'No such call: {path}',
  method_not_allowed: 'Calls are made with POST',
  unauthorized: 'Please sign in',
  session_expired: 'Your session has expired, please sign in again',
  forbidden: 'You are not allowed to do this',
  internal: 'Something went wrong on our side, please retry',
  rate_limited: 'Too many attempts, please retry in {seconds} seconds',
  // accounts
  inner_code_invalid: 'Invite code verification failed',
  invite_code_unknown: 'That invitation code belongs to no user',
  email_taken: 'This email is already registered, please sign in',
  email_unknown: 'No account uses this email',
  bad_credentials: 'Wrong email or password',
  code_invalid: 'Invalid verification code',
  code_expired: 'The verification code has expired, please request a new one',
  code_missing: 'Please request a verification code first',
  code_too_many_tries: 'Too many wrong codes, please request a new one',
  resend_too_soon: 'Please wait {seconds} seconds before requesting another code',
  mail_failed: 'Failed to send verification code',
  // views
  view_fixed: 'This view is fixed and cannot be set up',
  view_type_not_allowed: 'Views of type "{type}" are not created this way',
  category_unknown: 'Unknown category "{id}"',
  cursor_invalid: 'The page cursor is not valid; reload the list',
  rank_top_num_range: 'Top N must be a whole number from 10 to 100',
  rank_author_weight_range: 'The author weight must be from 1 to 5',
  rank_tweet_weight_range: 'The tweet weight must be from 1 to 3',
  rank_weight_range: 'Comment, retweet and exposure weights must be from 0 to 1',
  rank_weights_sum: 'Comment, retweet and exposure weights must add up to 1 (they add up to {sum})',
  rank_stat_range: 'The time range must be a whole number of seconds from 1 minute to 30 days',
  group_coin_opinion: 'Coin Sentiment',
  group_event_opinion: 'Event Sentiment',
  starter_hot_coins: 'Hot Coins',
  starter_all_kols: 'All KOLs',
  starter_bitcoin: 'Bitcoin',
  starter_ethereum: 'Ethereum',
  // KOL groups
  kol_default_all: 'All KOLs',
  kol_default_top: 'Top Influencers',
  kol_default_focus: 'Special Focus',
  kol_account_unknown: 'Unknown account "{id}"',
  kol_default_group: 'Default groups cannot be removed',
  // push ingestion
  posts_required: 'Send at least one post in "posts"',
  posts_too_many: 'Send at most 1000 posts per request',
  ingest_disabled: 'Push ingestion is off: set INGEST_KEYS on the server',
  ingest_key_invalid: 'Missing or wrong ingest key',
  // mails
  mail_subject_register: 'Your kolscope registration code',
  mail_subject_reset: 'Your kolscope password reset code',
  mail_subject_login: 'Your kolscope sign-in code',
  mail_body:
    'Your verification code is {code}. It expires in 10 minutes.\n\nIf you did not ask for it, ignore this mail.',
} as const;

export type MessageKey = keyof typeof en;

const zhCN: Record<MessageKey, string> = {
  email_required: '请输入邮箱',
  email_invalid: '请输入有效的邮箱',
  password_required: '请输入密码',
  password_too_short: '密码至少 6 位',
  password_too_long: '密码最多 200 位',
  code_required: '请输入验证码',
  code_too_long: '验证码最多 6 位',
  invite_required: '请输入邀请码',
  invite_invalid: '邀请码验证失败',
  title_required: '请输入标题',
  title_too_long: '标题最多 100 个字符',
  filters_required: '请设置筛选条件',
  coin_required: '请选择币种',
  keywords_required: '请至少添加一个关键词',
  coin_unknown: '未知币种：{coin}',
  interval_not_allowed: '时间范围 {period} 不支持粒度 {interval}',
  group_name_required: '请输入分组名称',
  group_name_too_long: '分组名称最多 20 个字符',
  username_required: '请输入用户名',
  id_required: '缺少 id',
  field_invalid: '字段 "{field}" 的值无效',
  field_invalid_with_reason: '{field}：{reason}',
  body_not_object: '请求体必须是 JSON 对象',
  body_malformed: '请求体不是有效的 JSON',
  body_too_large: '请求体过大',
  unsupported_media_type: '请以 application/json 发送请求体',
  not_found: '未找到',
  route_not_found: '没有这个接口：{path}',
  method_not_allowed: '请使用 POST 调用',
  unauthorized: '请先登录',
  session_expired: '登录已过期，请重新登录',
  forbidden: '没有权限执行此操作',
  internal: '服务器出错了，请重试',
  rate_limited: '尝试次数过多，请 {seconds} 秒后重试',
  inner_code_invalid: '邀请码验证失败',
  invite_code_unknown: '该邀请码不属于任何用户',
  email_taken: '该邮箱已注册，请直接登录',
  email_unknown: '没有使用该邮箱的账号',
  bad_credentials: '邮箱或密码错误',
  code_invalid: '验证码无效',
  code_expired: '验证码已过期，请重新获取',
  code_missing: '请先获取验证码',
  code_too_many_tries: '验证码错误次数过多，请重新获取',
  resend_too_soon: '请 {seconds} 秒后再获取验证码',
  mail_failed: '验证码发送失败',
  view_fixed: '该视图为固定视图，无法设置',
  view_type_not_allowed: '不能以这种方式创建 "{type}" 类型的视图',
  category_unknown: '未知分类 "{id}"',
  cursor_invalid: '分页游标无效，请刷新列表',
  rank_top_num_range: '榜单数量须为 10 到 100 之间的整数',
  rank_author_weight_range: '作者权重须在 1 到 5 之间',
  rank_tweet_weight_range: '推文权重须在 1 到 3 之间',
  rank_weight_range: '评论、转发和曝光权重须在 0 到 1 之间',
  rank_weights_sum: '评论、转发和曝光权重之和须为 1（当前为 {sum}）',
  rank_stat_range: '统计时间范围须为 1 分钟到 30 天之间的整数秒',
  group_coin_opinion: '币种情绪',
  group_event_opinion: '事件情绪',
  starter_hot_coins: '热门币种',
  starter_all_kols: '全部 KOL',
  starter_bitcoin: '比特币',
  starter_ethereum: '以太坊',
  kol_default_all: '全部 KOL',
  kol_default_top: '头部大 V',
  kol_default_focus: '特别关注',
  kol_account_unknown: '未知账号 "{id}"',
  kol_default_group: '默认分组不能删除',
  posts_required: '请在 "posts" 中至少发送一条帖子',
  posts_too_many: '每次最多发送 1000 条帖子',
  ingest_disabled: '推送采集未开启：请在服务器上设置 INGEST_KEYS',
  ingest_key_invalid: '采集密钥缺失或错误',
  mail_subject_register: 'kolscope 注册验证码',
  mail_subject_reset: 'kolscope 重置密码验证码',
  mail_subject_login: 'kolscope 登录验证码',
  mail_body: '你的验证码是 {code}，10 分钟内有效。\n\n如果这不是你本人的操作，请忽略本邮件。',
};

const catalogues: Record<Language, Record<MessageKey, string>> = { en, 'zh-CN': zhCN };

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

export function translate(lang: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  const template = catalogues[lang][key] ?? en[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Picks en or zh-CN from an Accept-Language style header value. */
export function parseLanguage(header: string | null | undefined): Language {
  return /^\s*zh/i.test(header ?? '') ? 'zh-CN' : 'en';
}
