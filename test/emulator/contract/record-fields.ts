/**
 * The item record of service-api.md §2.6, transcribed field by field, independently of the
 * emulator's code, so checks compare the emulator (or the live service) against the spec.
 */

/** Expected JSON type of a record field; 'colour' is a `#RRGGBB` string; 'present' any type. */
export type FieldType = 'string' | 'number' | 'boolean' | 'colour' | 'present'

const str = (names: string): Array<[string, FieldType]> => names.split(/\s+/).filter(Boolean).map((n) => [n, 'string'])
const num = (names: string): Array<[string, FieldType]> => names.split(/\s+/).filter(Boolean).map((n) => [n, 'number'])
const bool = (names: string): Array<[string, FieldType]> => names.split(/\s+/).filter(Boolean).map((n) => [n, 'boolean'])
const colour = (names: string): Array<[string, FieldType]> => names.split(/\s+/).filter(Boolean).map((n) => [n, 'colour'])

const LEAD_X = ['Email', 'Name', 'Phone', 'Company', 'Date', 'Custom1', 'Custom2']

/** Every field of the full record (get, find-by-url) with its type. */
export const RECORD_FIELDS: ReadonlyArray<readonly [string, FieldType]> = [
  ...num('ID'),
  ...str('VendorID Name Title Description DocType CustomURL FullURL EmbedURL URLPrefix CNAME CreatedOn CreatedOnIso ValidTillDate Folder'),
  ...num('OrdPos'),
  ...bool('IsStarred IsTemplate IsActive IsPublished'),
  // §3 names IsUnpublished among the record's flags; §2.6 gives its type only for list rows.
  ['IsUnpublished', 'present'],
  ...num('Pages NoOfViews NoOfLeads NoOfSales NoOfApprovals'),
  ...str('FilePDF FrontPDF MiddlePDF BackPDF PreviewPDF IMGPdf'),
  ...num('SkinID'),
  ...str('SkinName LogoIMG LogoURL BackgroundIMG BackgroundDisplayFit BackgroundFillDirection FaviconIMG'),
  ...colour('ColorPanel ColorBackground ColorLink TitleColor'),
  ...str('PageTurnMode'),
  ...num('BookLayout Shadowdepth ScrollBehaviour'),
  ...str('PageDepth CoverType'),
  ...num('AutoFlipInSecs'),
  ...bool(
    'IsShare IsPrint IsDownload IsTextSelection IsThumbnails IsPinnedThumbnails IsSound IsFullscreen IsZoom IsSearch ' +
      'IsFixedZoomMode IsHardCover IsBookThickness IsLinkHighlight IsRightToLeft IsShowControls IsShowLogoMobile IsNoIndex ' +
      'IsNotes IsNavFirstLast IsShareButtons'
  ),
  ...bool(
    'IsShareFacebook IsShareTwitter IsShareWhatsApp IsShareTelegram IsShareLinkedIn IsSharePinterest IsShareReddit ' +
      'IsShareTumblr IsShareMessenger IsShareEmail IsShareLine IsShareWeChat IsShareInstagram IsShareFlipboard IsShareGeneral'
  ),
  ...str('BackgroundMusic BackgroundMusicCustom'),
  ...bool('IsBackgroundMusicLoop'),
  ...str('CustomLoadingText TopLeft TopRight BottomLeft BottomRight FacebookAnalyticsCode GoogleAnalyticsCode GoogleTagManager'),
  ...bool('IsCTAButton'),
  ...str('CTAButtonText CTAButtonColor CTAButtonTextColor CTAButtonURL'),
  ...bool('IsCTAButton2'),
  ...str('CTAButtonText2 CTAButtonColor2 CTAButtonTextColor2 CTAButtonURL2'),
  ...bool('IsCTAHiddenInPreview IsPasswordProtected'),
  ...str('Password PwdTitle PwdPlaceholder PwdButton'),
  ...bool('IsLeadCapture'),
  ...str('LeadCaptureTitle'),
  ...bool('IsLeadAllowSkip'),
  ...str('LeadSkipText LeadButton'),
  ...bool(LEAD_X.flatMap((x) => [`IsLead${x}`, `IsLead${x}Mandatory`]).join(' ')),
  ...str('LeadEmail LeadName LeadPhone LeadCompany LeadDate Custom1Label Custom2Label'),
  ...bool('IsLeadPrivacyPolicy'),
  ...str('PrivacyPolicyURL PrivacyPolicyText'),
  ...num('LeadFormAfterPages LeadAfterPages'),
  ...str('LeadPhoneCountry'),
  ...bool('IsVerifyEmail IsVerifyMobile'),
  ...str('EmailsAllowed EmailVerifyTitleText EmailVerifyButtonText TwillioAPIKey NotificationsEmail'),
  ...bool('IsSendEmailOnView'),
  ...str('GoogleSheetURL GoogleSheetIDKey GoogleSheetName WebhookURL_NewLead PabblyWebhookURL_NewLead'),
  ...bool('IsForSale'),
  ...str('SaleCurr'),
  ...num('SaleAmount'),
  ...str(
    'SalePageTitle SaleAccessPageTitle SalePurchaseButtonText SaleButtonText SaleAccessButtonText SaleButtonColor ' +
      'SaleGatewayName SaleGatewayKey SaleGatewaySecret'
  ),
  ...str('EmailLeadSubject EmailLeadBody EmailViewSubject EmailViewBody EmailSaleSubject EmailSaleBody'),
  ...bool('IsApprovalButton'),
  ...str('ApprovalButtonText ApprovalButtonColor ApprovalButtonTextColor'),
  ...str(
    'EmailApproveRequestSubject EmailApproveRequestBody EmailApproveRemindSubject EmailApproveRemindBody ' +
      'EmailApproveSubmitSubject EmailApproveSubmitBody'
  ),
  ...str('AIProvider AIKey'),
  ...bool('IsVA'),
  ...str('VAButtonText VAButtonColor VAButtonTextColor VAText VAEmbeddings VAButtonStatus1 VAButtonStatus2 VAButtonStatus3 VAButtonStatus4')
]

/** Fields of a list row (§2.6: identity and listing, plus the list-only fields). */
export const LIST_ROW_FIELDS: ReadonlyArray<readonly [string, FieldType]> = [
  ...num('ID'),
  ...str('Name Title DocType CustomURL FullURL CreatedOn CreatedOnIso CreatedDate CreatedTime Folder IsUnpublished'),
  ...num('Pages NoOfViews NoOfLeads'),
  ...str('CNAMEMessage DocTypeColor SSL CompressDataKey Optimised Password')
]

/** Names of fields whose value differs from the expected type, or that are missing. */
export function fieldProblems(record: Record<string, unknown>, fields: ReadonlyArray<readonly [string, FieldType]>): string[] {
  const problems: string[] = []
  for (const [name, type] of fields) {
    if (!(name in record)) {
      problems.push(`${name}: missing`)
      continue
    }
    const value = record[name]
    const ok =
      type === 'present' ||
      (type === 'colour' ? typeof value === 'string' && (value === '' || /^#[0-9A-Fa-f]{6}$/.test(value)) : typeof value === type)
    if (!ok) problems.push(`${name}: expected ${type}, got ${JSON.stringify(value)}`)
  }
  return problems
}
