// A full-width status message (403, 404, a failed start-up): big code, title, explanation, actions.
// Plain elements (components/plain.module.css): the start-up error uses it from the entry chunk.
import type { ReactNode } from 'react';
import classes from './kit/kit.module.css';

export interface StatusPageProps { code?: string; icon?: ReactNode; title: string; description?: ReactNode; actions?: ReactNode; minHeight?: string }

export function StatusPage({ code, icon, title, description, actions, minHeight = '60vh' }: StatusPageProps) {
  return (
    <div className={classes.center} style={{ minHeight }}>
      <div className={classes.status}>
        {icon}
        {code && <div className={classes.statusCode} aria-hidden>{code}</div>}
        <h2 className={classes.statusTitle}>{title}</h2>
        {description && <div className={classes.dimmed}>{description}</div>}
        {actions && <div className={classes.statusActions}>{actions}</div>}
      </div>
    </div>
  );
}
