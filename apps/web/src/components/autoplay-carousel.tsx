import { UI } from '@lyceum/contract/constants';
import { ActionIcon, Group, VisuallyHidden } from '@mantine/core';
import { useMediaQuery, useReducedMotion } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type ReactNode,
} from 'react';
import classes from './autoplay-carousel.module.css';

/** Slides in view by window width: `base` under the tablet breakpoint, then up to and above desktop (spec §9). */
export interface SlidesPerView {
  base: number;
  tablet?: number;
  /** Above `UI.breakpoints.desktop` (1000 px). */
  desktop?: number;
}

/**
 * Slides in view for the position text and the controls. The slide widths themselves come from CSS media queries
 * (see the module's `--per-*` variables), so a page rendered on the server is laid out right before this runs; the
 * hook reads the window only after hydration.
 */
function useSlidesPerView({ base, tablet = base, desktop = tablet }: SlidesPerView): number {
  const isTablet = useMediaQuery(`(min-width: ${UI.breakpoints.tablet}px)`);
  const isDesktop = useMediaQuery(`(min-width: ${UI.breakpoints.desktop + 1}px)`);
  return isDesktop ? desktop : isTablet ? tablet : base;
}

export interface AutoplayCarouselProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  renderSlide: (item: T) => ReactNode;
  /** The id of the heading that names the carousel. */
  labelledBy: string;
  /** What the slides are, for the control labels: "Previous articles", "Next articles". */
  itemsName: string;
  slidesPerView: SlidesPerView;
}

/** How long scrolling must rest before the position is read from it (a swipe, a focused slide). */
const SCROLL_SETTLE_MS = 120;

/**
 * An autoplay carousel (spec §9, WCAG 2.2.2): a slide every `UI.carouselDelayMs`, paused while the pointer is
 * over the slides or the keyboard focus is inside them, with a visible pause/play button. Visitors who ask their
 * system for reduced motion get it paused from the start. The slide position is announced only while it does not
 * rotate on its own.
 *
 * The slides are a horizontally scrolling strip with scroll snapping: swiping, trackpads and focusing a link in a
 * slide out of view move it natively, and no carousel library is downloaded (ADR 013). After the last slide it
 * rewinds to the first.
 */
export function AutoplayCarousel<T>({
  items,
  getKey,
  renderSlide,
  labelledBy,
  itemsName,
  slidesPerView,
}: AutoplayCarouselProps<T>) {
  const regionId = useId();
  const perView = useSlidesPerView(slidesPerView);
  const viewportRef = useRef<HTMLDivElement>(null);
  // Visitors who ask for reduced motion start paused (known after hydration; nothing rotates before the first delay).
  const reducedMotion = useReducedMotion();
  const [pausedByVisitor, setPaused] = useState<boolean | null>(null);
  const paused = pausedByVisitor ?? reducedMotion;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [selectedSlide, setSelected] = useState(0);
  const lastStart = Math.max(items.length - perView, 0);
  // Fewer slides to scroll through after a resize: the browser moves the strip back, the position follows.
  const selected = Math.min(selectedSlide, lastStart);
  const canScroll = items.length > perView;
  const rotating = !paused && !hovered && !focused && canScroll;

  /** Shows slide `index` first in view. */
  const show = useCallback(
    (index: number) => {
      const viewport = viewportRef.current;
      const slide = viewport?.querySelectorAll<HTMLElement>(`.${classes.slide}`)[index];
      if (viewport && slide) {
        viewport.scrollTo({ left: slide.offsetLeft, behavior: reducedMotion ? 'instant' : 'smooth' });
      }
      setSelected(index);
    },
    [reducedMotion],
  );
  const next = () => show(selected >= lastStart ? 0 : selected + 1);
  const previous = () => show(selected <= 0 ? lastStart : selected - 1);

  // One slide on every delay; a new position (a click, a swipe) starts the delay again.
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => show(selected >= lastStart ? 0 : selected + 1), UI.carouselDelayMs);
    return () => window.clearTimeout(timer);
  }, [rotating, selected, lastStart, show]);

  // The visitor scrolled the strip (swipe, trackpad, a focused link brought into view): follow it once it rests.
  const settleTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(settleTimer.current), []);
  const onScroll = () => {
    window.clearTimeout(settleTimer.current);
    settleTimer.current = window.setTimeout(() => {
      const viewport = viewportRef.current;
      const width = viewport?.querySelector<HTMLElement>(`.${classes.slide}`)?.offsetWidth;
      if (!viewport || !width) return;
      setSelected(Math.min(Math.max(Math.round(viewport.scrollLeft / width), 0), lastStart));
    }, SCROLL_SETTLE_MS);
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  const first = Math.min(selected + 1, items.length);
  const last = Math.min(selected + perView, items.length);
  const position = first === last ? `${first}` : `${first} to ${last}`;

  return (
    <div className={classes.root}>
      <Group justify="flex-end" gap="xs" mb="sm">
        <ActionIcon
          variant="default"
          size={40}
          radius="xl"
          onClick={() => setPaused(!paused)}
          aria-label={paused ? `Play the ${itemsName} slideshow` : `Pause the ${itemsName} slideshow`}
          aria-controls={regionId}
          disabled={!canScroll}
        >
          {paused ? <IconPlayerPlay size={18} aria-hidden /> : <IconPlayerPause size={18} aria-hidden />}
        </ActionIcon>
        <ActionIcon
          variant="default"
          size={40}
          radius="xl"
          onClick={previous}
          aria-label={`Previous ${itemsName}`}
          aria-controls={regionId}
          disabled={!canScroll}
        >
          <IconChevronLeft size={18} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="default"
          size={40}
          radius="xl"
          onClick={next}
          aria-label={`Next ${itemsName}`}
          aria-controls={regionId}
          disabled={!canScroll}
        >
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <div
        id={regionId}
        role="region"
        aria-roledescription="carousel"
        aria-labelledby={labelledBy}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={onBlur}
        data-rotating={rotating || undefined}
      >
        <VisuallyHidden aria-live={rotating ? 'off' : 'polite'} aria-atomic>
          {canScroll ? `Showing ${position} of ${items.length}` : ''}
        </VisuallyHidden>
        {/* Its scroll positions are counted left to right (offsetLeft, scrollLeft): in a right-to-left page the
            slides keep that order until the carousel is mirrored (issue 47, docs/i18n.md). */}
        <div
          className={classes.viewport}
          ref={viewportRef}
          dir="ltr"
          onScroll={onScroll}
          style={
            {
              '--per-base': slidesPerView.base,
              '--per-tablet': slidesPerView.tablet ?? slidesPerView.base,
              '--per-desktop': slidesPerView.desktop ?? slidesPerView.tablet ?? slidesPerView.base,
            } as CSSProperties
          }
        >
          <div className={classes.container}>
            {items.map((item, index) => (
              <div
                key={getKey(item)}
                className={classes.slide}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${items.length}`}
              >
                {renderSlide(item)}
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
