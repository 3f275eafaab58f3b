/** The Enquiries screen: the inbox, with each enquiry's quotes in its detail view. */
import Enquiries from '../features/enquiries/Enquiries';
import { Quotes } from '../features/quotes/Quotes';

export default function EnquiriesScreen() {
  return <Enquiries detailSections={(enquiry) => <Quotes enquiry={enquiry} />} />;
}
