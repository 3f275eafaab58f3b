import { useEffect, useRef, useState, type FormEvent } from 'react';
import { brand } from '@kafue/common/brand';
import { CheckList, PageBanner } from '../components/common';
import { Icon } from '../components/Icon';
import type { IconName } from '../components/icon-paths';
import { contactPage as t } from '../content/pages';
import { routeMeta } from '../content/meta';

export const meta = () => routeMeta.contact;

const empty = { name: '', phone: '', email: '', service: '', message: '' };
type Status = 'idle' | 'sending';

/** Idle -> Sending ('Sending...', disabled, spinner) -> after 2 s: idle, sent note, form cleared. */
function ContactForm() {
  const [values, setValues] = useState(empty);
  const [status, setStatus] = useState<Status>('idle');
  const [sent, setSent] = useState(false);
  const timer = useRef(0);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const set = (field: keyof typeof empty) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (status === 'sending') return;
    setStatus('sending');
    timer.current = window.setTimeout(() => {
      setStatus('idle');
      setSent(true);
      setValues(empty);
    }, t.sendDelayMs);
  };
  const sending = status === 'sending';
  return (
    <form className="contact-form" onSubmit={submit}>
      <div className="field">
        <label htmlFor="contact-name">{t.fields.name}</label>
        <input id="contact-name" name="name" type="text" autoComplete="name" required placeholder={t.placeholders.name} value={values.name} onChange={set('name')} />
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor="contact-phone">
            {t.fields.phone} <span className="muted">{t.optional}</span>
          </label>
          <input id="contact-phone" name="phone" type="tel" autoComplete="tel" placeholder={t.placeholders.phone} value={values.phone} onChange={set('phone')} />
        </div>
        <div className="field">
          <label htmlFor="contact-email">{t.fields.email}</label>
          <input id="contact-email" name="email" type="email" autoComplete="email" required placeholder={t.placeholders.email} value={values.email} onChange={set('email')} />
        </div>
      </div>
      <div className="field">
        <label htmlFor="contact-service">
          {t.fields.service} <span className="muted">{t.optional}</span>
        </label>
        <select id="contact-service" name="service" value={values.service} onChange={set('service')}>
          <option value="">{t.servicePlaceholder}</option>
          {t.serviceOptions.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="contact-message">{t.fields.message}</label>
        <textarea id="contact-message" name="message" rows={5} required placeholder={t.placeholders.message} value={values.message} onChange={set('message')} />
      </div>
      <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={sending} aria-disabled={sending}>
        {sending ? (
          <>
            <span className="spinner" aria-hidden="true" />
            {t.sending}
          </>
        ) : (
          <>
            <Icon name="mail" size={18} />
            {t.send}
          </>
        )}
      </button>
      <div role="status" className="form-status">
        {sent && (
          <p className="sent-note">
            <Icon name="checkCircle" size={20} />
            {t.sent}
          </p>
        )}
      </div>
    </form>
  );
}

/**
 * The office map: a 250 px frame whose third-party iframe is only created after hydration, when
 * the frame comes near the viewport (and then loads lazily), so it never competes with the page.
 */
function MapFrame() {
  const frame = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = frame.current;
    if (!el || typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div className="map-frame" ref={frame}>
      {near ? (
        <iframe src={brand.mapEmbedUrl} title={t.mapTitle} loading="lazy" width="100%" height="250" referrerPolicy="no-referrer-when-downgrade" />
      ) : (
        <p className="map-placeholder">
          <Icon name="pin" size={28} />
          {brand.address}
        </p>
      )}
    </div>
  );
}

function InfoItem({ icon, label, children }: { icon: IconName; label: string; children: React.ReactNode }) {
  return (
    <li>
      <span className="icon-badge small">
        <Icon name={icon} size={18} />
      </span>
      <span>
        <span className="info-label">{label}</span>
        <span className="info-value">{children}</span>
      </span>
    </li>
  );
}

export default function Contact() {
  return (
    <>
      <PageBanner id="contact-title" heading={t.heading} text={t.subline} />
      <section className="section section-soft">
        <div className="container contact-grid">
          <div className="card contact-card" aria-labelledby="form-heading" role="region">
            <h2 id="form-heading">{t.formHeading}</h2>
            <ContactForm />
          </div>
          <div className="contact-side">
            <div className="card" role="region" aria-labelledby="info-heading">
              <h2 id="info-heading">{t.infoHeading}</h2>
              <ul className="info-list">
                <InfoItem icon="phone" label={t.info.phone}>
                  <a href={brand.phoneHref}>{brand.phone}</a>
                </InfoItem>
                <InfoItem icon="mail" label={t.info.email}>
                  <a href={`mailto:${brand.email}`}>{brand.email}</a>
                </InfoItem>
                <InfoItem icon="pin" label={t.info.address}>
                  {brand.address}
                </InfoItem>
                <InfoItem icon="clock" label={t.info.hours}>
                  {t.info.hoursValue}
                </InfoItem>
              </ul>
            </div>
            <MapFrame />
            <div className="card guarantee" role="region" aria-labelledby="guarantee-heading">
              <h2 id="guarantee-heading">
                <Icon name="spark" size={20} />
                {t.guarantee.heading}
              </h2>
              <CheckList items={t.guarantee.items} />
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
