import { Link } from '../router';
import { notFound } from '../content/pages';
import { routeMeta } from '../content/meta';

export const meta = () => routeMeta.notFound;

export default function NotFound() {
  return (
    <section className="section not-found" aria-labelledby="nf-title">
      <div className="container narrow center">
        <h1 id="nf-title" className="nf-code">
          {notFound.code}
        </h1>
        <p className="lead">{notFound.text}</p>
        <Link to="/" className="btn btn-primary btn-lg">
          {notFound.link}
        </Link>
      </div>
    </section>
  );
}
