/** SQL naming the current waiver version's row: the newest published. Read models join signatures against it. */
export const CURRENT_WAIVER_DOCUMENT_ID = '(select id from waiver_document order by published_at desc, version desc limit 1)';
