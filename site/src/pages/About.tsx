import { Link } from '../router';
import { PageBanner } from '../components/common';
import { about } from '../content/pages';
import { routeMeta } from '../content/meta';

export const meta = () => routeMeta.about;

export default function About() {
  return (
    <PageBanner id="about-title" className="about-banner" heading={about.heading} text={about.text}>
      <div className="hero-actions">
        {about.links.map((l, i) => (
          <Link key={l.to} to={l.to} className={i === 0 ? 'btn btn-accent btn-lg' : 'btn btn-ghost-light btn-lg'}>
            {l.label}
          </Link>
        ))}
      </div>
    </PageBanner>
  );
}
