import type { DetailGroupId } from './item-details'

/**
 * What a value of the record is, so every place that shows details formats it the same way:
 * On/Off for toggles, a swatch for colours, names for skins, dates in the reader's locale.
 */
export type DetailKind =
  | 'toggle'
  | 'text'
  | 'color'
  | 'url'
  | 'email'
  | 'date'
  | 'count'
  | 'number'
  | 'seconds'
  | 'pages'
  | 'skin'
  | 'music'
  | 'money'
  | 'credential'
  | 'image'
  | 'kind'
  | 'country'
  | 'id'

/**
 * How one field of the record is shown to people. Its words are the window's catalog
 * (`details.field.<field>`, src-shared/i18n/window/details): this table says only which
 * fields exist and what they are.
 */
export interface DetailFieldInfo {
  kind: DetailKind
  /**
   * The setting this one belongs to: while that toggle is off (or that value is unset, for
   * a background image or music), this one does nothing and is not shown.
   */
  partOf?: string
  /** Said by another field already (a skin's name by its ID): only listed under "All fields". */
  allFieldsOnly?: true
}

const toggle = (partOf?: string): DetailFieldInfo => ({ kind: 'toggle', ...(partOf ? { partOf } : {}) })
const text = (partOf?: string): DetailFieldInfo => ({ kind: 'text', ...(partOf ? { partOf } : {}) })
const color = (partOf?: string): DetailFieldInfo => ({ kind: 'color', ...(partOf ? { partOf } : {}) })
const url = (partOf?: string): DetailFieldInfo => ({ kind: 'url', ...(partOf ? { partOf } : {}) })

/**
 * Every field the details show, with its kind (service-api.md §2.6). The record documents
 * no defaults, so "nothing set" is read from the values themselves: empty texts, zeros where
 * zero means "not used", and settings of a feature that is switched off.
 */
export const DETAIL_FIELD_INFO = {
  ID: { kind: 'id' },
  Name: text(),
  Title: text(),
  Description: text(),
  DocType: { kind: 'kind' },
  Folder: text(),
  CustomURL: text(),
  FullURL: url(),
  EmbedURL: url(),
  URLPrefix: url(),
  CNAME: text(),
  CreatedOn: { kind: 'date' },
  ValidTillDate: { kind: 'date' },
  Pages: { kind: 'count' },
  NoOfViews: { kind: 'count' },
  NoOfLeads: { kind: 'count' },
  NoOfSales: { kind: 'count' },
  NoOfApprovals: { kind: 'count' },
  IsPublished: toggle(),
  IsActive: toggle(),
  IsStarred: toggle(),
  IsTemplate: toggle(),

  SkinID: { kind: 'skin' },
  SkinName: { kind: 'text', allFieldsOnly: true },
  ColorPanel: color(),
  ColorBackground: color(),
  ColorLink: color(),
  TitleColor: color(),
  PageTurnMode: text(),
  BookLayout: { kind: 'number' },
  Shadowdepth: { kind: 'number' },
  // Its numbers are not documented: not shown as if they meant something, only under "All fields".
  ScrollBehaviour: { kind: 'number', allFieldsOnly: true },
  PageDepth: text(),
  CoverType: text(),
  AutoFlipInSecs: { kind: 'seconds' },
  BackgroundIMG: { kind: 'image' },
  BackgroundDisplayFit: text('BackgroundIMG'),
  BackgroundFillDirection: text('BackgroundIMG'),
  LogoIMG: { kind: 'image' },
  LogoURL: url('LogoIMG'),
  BackgroundMusic: { kind: 'music' },
  IsBackgroundMusicLoop: toggle('BackgroundMusic'),
  CustomLoadingText: text(),
  TopLeft: text(),
  TopRight: text(),
  BottomLeft: text(),
  BottomRight: text(),
  IsPrint: toggle(),
  IsDownload: toggle(),
  IsTextSelection: toggle(),
  IsThumbnails: toggle(),
  IsPinnedThumbnails: toggle('IsThumbnails'),
  IsSound: toggle(),
  IsFullscreen: toggle(),
  IsZoom: toggle(),
  IsSearch: toggle(),
  IsFixedZoomMode: toggle('IsZoom'),
  IsHardCover: toggle(),
  IsBookThickness: toggle(),
  IsLinkHighlight: toggle(),
  IsRightToLeft: toggle(),
  IsShowControls: toggle(),
  IsShowLogoMobile: toggle(),
  IsNoIndex: toggle(),
  IsNotes: toggle(),
  IsNavFirstLast: toggle(),

  IsShare: toggle(),
  IsShareButtons: toggle('IsShare'),
  IsShareFacebook: toggle('IsShare'),
  IsShareTwitter: toggle('IsShare'),
  IsShareWhatsApp: toggle('IsShare'),
  IsShareTelegram: toggle('IsShare'),
  IsShareLinkedIn: toggle('IsShare'),
  IsSharePinterest: toggle('IsShare'),
  IsShareReddit: toggle('IsShare'),
  IsShareTumblr: toggle('IsShare'),
  IsShareMessenger: toggle('IsShare'),
  IsShareEmail: toggle('IsShare'),
  IsShareLine: toggle('IsShare'),
  IsShareWeChat: toggle('IsShare'),
  IsShareInstagram: toggle('IsShare'),
  IsShareFlipboard: toggle('IsShare'),
  IsShareGeneral: toggle('IsShare'),

  IsCTAButton: toggle(),
  CTAButtonText: text('IsCTAButton'),
  CTAButtonColor: color('IsCTAButton'),
  CTAButtonTextColor: color('IsCTAButton'),
  CTAButtonURL: url('IsCTAButton'),
  IsCTAButton2: toggle(),
  CTAButtonText2: text('IsCTAButton2'),
  CTAButtonColor2: color('IsCTAButton2'),
  CTAButtonTextColor2: color('IsCTAButton2'),
  CTAButtonURL2: url('IsCTAButton2'),
  IsCTAHiddenInPreview: toggle(),

  IsPasswordProtected: toggle(),
  Password: { kind: 'credential', partOf: 'IsPasswordProtected' },
  PwdTitle: text('IsPasswordProtected'),
  PwdPlaceholder: text('IsPasswordProtected'),
  PwdButton: text('IsPasswordProtected'),

  IsLeadCapture: toggle(),
  LeadCaptureTitle: text('IsLeadCapture'),
  IsLeadAllowSkip: toggle('IsLeadCapture'),
  LeadSkipText: text('IsLeadAllowSkip'),
  LeadButton: text('IsLeadCapture'),
  IsLeadEmail: toggle('IsLeadCapture'),
  IsLeadEmailMandatory: toggle('IsLeadEmail'),
  LeadEmail: text('IsLeadEmail'),
  IsLeadName: toggle('IsLeadCapture'),
  IsLeadNameMandatory: toggle('IsLeadName'),
  LeadName: text('IsLeadName'),
  IsLeadPhone: toggle('IsLeadCapture'),
  IsLeadPhoneMandatory: toggle('IsLeadPhone'),
  LeadPhone: text('IsLeadPhone'),
  IsLeadCompany: toggle('IsLeadCapture'),
  IsLeadCompanyMandatory: toggle('IsLeadCompany'),
  LeadCompany: text('IsLeadCompany'),
  IsLeadDate: toggle('IsLeadCapture'),
  IsLeadDateMandatory: toggle('IsLeadDate'),
  LeadDate: text('IsLeadDate'),
  IsLeadCustom1: toggle('IsLeadCapture'),
  IsLeadCustom1Mandatory: toggle('IsLeadCustom1'),
  Custom1Label: text('IsLeadCustom1'),
  IsLeadCustom2: toggle('IsLeadCapture'),
  IsLeadCustom2Mandatory: toggle('IsLeadCustom2'),
  Custom2Label: text('IsLeadCustom2'),
  IsLeadPrivacyPolicy: toggle('IsLeadCapture'),
  PrivacyPolicyURL: url('IsLeadPrivacyPolicy'),
  PrivacyPolicyText: text('IsLeadPrivacyPolicy'),
  LeadFormAfterPages: { kind: 'pages', partOf: 'IsLeadCapture' },
  LeadAfterPages: { kind: 'pages', partOf: 'IsLeadCapture' },
  LeadPhoneCountry: { kind: 'country', partOf: 'IsLeadPhone' },
  IsVerifyEmail: toggle('IsLeadCapture'),
  IsVerifyMobile: toggle('IsLeadCapture'),
  EmailsAllowed: text('IsLeadCapture'),
  EmailVerifyTitleText: text('IsVerifyEmail'),
  EmailVerifyButtonText: text('IsVerifyEmail'),
  TwillioAPIKey: { kind: 'credential', partOf: 'IsVerifyMobile' },
  NotificationsEmail: { kind: 'email', partOf: 'IsLeadCapture' },
  IsSendEmailOnView: toggle(),
  GoogleSheetURL: url('IsLeadCapture'),
  GoogleSheetName: text('IsLeadCapture'),
  WebhookURL_NewLead: url('IsLeadCapture'),
  PabblyWebhookURL_NewLead: url('IsLeadCapture'),

  IsForSale: toggle(),
  SaleCurr: { kind: 'text', partOf: 'IsForSale', allFieldsOnly: true },
  SaleAmount: { kind: 'money', partOf: 'IsForSale' },
  SalePageTitle: text('IsForSale'),
  SaleAccessPageTitle: text('IsForSale'),
  SalePurchaseButtonText: text('IsForSale'),
  SaleButtonText: text('IsForSale'),
  SaleAccessButtonText: text('IsForSale'),
  SaleButtonColor: color('IsForSale'),
  SaleGatewayName: text('IsForSale'),
  SaleGatewayKey: { kind: 'credential', partOf: 'IsForSale' },
  SaleGatewaySecret: { kind: 'credential', partOf: 'IsForSale' },

  IsApprovalButton: toggle(),
  ApprovalButtonText: text('IsApprovalButton'),
  ApprovalButtonColor: color('IsApprovalButton'),
  ApprovalButtonTextColor: color('IsApprovalButton'),

  IsVA: toggle(),
  AIProvider: text('IsVA'),
  AIKey: { kind: 'credential', partOf: 'IsVA' },
  VAButtonText: text('IsVA'),
  VAButtonColor: color('IsVA'),
  VAButtonTextColor: color('IsVA'),
  VAText: text('IsVA'),
  VAButtonStatus1: text('IsVA'),
  VAButtonStatus2: text('IsVA'),
  VAButtonStatus3: text('IsVA'),
  VAButtonStatus4: text('IsVA')
} satisfies Record<string, DetailFieldInfo>

/** A field the table knows, and so the catalog has words for. */
export type DetailFieldKey = keyof typeof DETAIL_FIELD_INFO

/**
 * The toggles that switch a group's feature on; while none is on, the group says only "Off".
 * Groups without one (appearance, identity) always show what is set.
 */
export const GROUP_SWITCHES: Partial<Record<DetailGroupId, readonly string[]>> = {
  sharing: ['IsShare'],
  'call-to-action': ['IsCTAButton', 'IsCTAButton2'],
  password: ['IsPasswordProtected'],
  'lead-capture': ['IsLeadCapture'],
  sale: ['IsForSale'],
  approval: ['IsApprovalButton'],
  assistant: ['IsVA']
}

/** Whether the table knows a field (a service may add fields before FlipDrop has words for them). */
export function isKnownField(key: string): key is DetailFieldKey {
  return Object.hasOwn(DETAIL_FIELD_INFO, key)
}

/** What a field is; one the table does not know is shown as text. */
export function detailFieldInfo(key: string): DetailFieldInfo {
  return isKnownField(key) ? DETAIL_FIELD_INFO[key] : { kind: 'text' }
}
