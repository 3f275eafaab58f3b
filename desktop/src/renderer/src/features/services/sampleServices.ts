/** Back-office services (spec section 3: title, category, description). Sample data only. */
export interface AdminService {
  title: string;
  category: string;
  description: string;
}

/** The public site's service categories (spec section 2). */
export const serviceCategories = ['Web', 'Digital', 'IT', 'Design', 'Security', 'Growth', 'CCTV'];

export const sampleServices: AdminService[] = [
  { title: 'Website Hosting', category: 'Web', description: 'Fast, secure hosting with daily backups and 99.9% uptime.' },
  { title: 'CCTV Installation', category: 'Security', description: 'Professional camera installation with remote viewing for homes and offices.' },
];
