// A link to a console path known only at run time (menu items, page tags, a remembered page):
// a real <a href> (middle-click opens a new tab) that navigates inside the app on a plain click
// and preloads the route's code on hover.
import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useRouter } from '@tanstack/react-router';

export interface PathLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> { href: string; ref?: Ref<HTMLAnchorElement> }

export function PathLink({ href, onClick, onMouseEnter, ref, ...rest }: PathLinkProps) {
  const router = useRouter();
  const handleClick = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || rest.target === '_blank') return;
    e.preventDefault();
    void router.navigate({ href });
  };
  const handleEnter = (e: MouseEvent<HTMLAnchorElement>) => {
    onMouseEnter?.(e);
    // Only the code and loader of the target path; the query string does not change what is loaded.
    router.preloadRoute({ to: href.split(/[?#]/)[0] } as Parameters<typeof router.preloadRoute>[0]).catch(() => {});
  };
  return <a ref={ref} href={href} onClick={handleClick} onMouseEnter={handleEnter} {...rest} />;
}
