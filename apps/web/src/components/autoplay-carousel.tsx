import { UI } from '@lyceum/contract';
import { ActionIcon, Group, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useId, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import classes from './autoplay-carousel.module.css';

/** Slides in view by window width: `base` under the tablet breakpoint, then up to and above desktop (spec §9). */
export interface SlidesPerView {
  base: number;
  tablet?: number;
  /** Above `UI.breakpoints.desktop` (1000 px). */
  desktop?: number;
}

function useSlidesPerView({ base, tablet = base, desktop = tablet }: SlidesPerView): number {
  const options = { getInitialValueInEffect: false };
  const isTablet = useMediaQuery(`(min-width: ${UI.breakpoints.tablet}px)`, false, options);
  const isDesktop = useMediaQuery(`(min-width: ${UI.breakpoints.desktop + 1}px)`, false, options);
  return isDesktop ? desktop : isTablet ? tablet : base;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
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

/**
 * An autoplay carousel (spec §9, WCAG 2.2.2): a slide every `UI.carouselDelayMs`, paused while the pointer is
 * over the slides or the keyboard focus is inside them, with a visible pause/play button. Visitors who ask their
 * system for reduced motion get it paused from the start. The slide position is announced only while it does not
 * rotate on its own.
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
  const [autoplay] = useState(() =>
    Autoplay({
      delay: UI.carouselDelayMs,
      playOnInit: false,
      // A swipe stops the timer; it is restarted below only if the carousel should still rotate (the plugin's
      // own restart would ignore the pause button and the pointer being over the slides).
      stopOnInteraction: true,
      stopOnFocusIn: false,
      stopOnMouseEnter: false,
    }),
  );
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, align: 'start' }, [autoplay]);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [selected, setSelected] = useState(0);
  const canScroll = items.length > perView;
  const rotating = !paused && !hovered && !focused && canScroll;
  const rotatingRef = useRef(rotating);

  useEffect(() => {
    rotatingRef.current = rotating;
    if (!embla) return;
    if (rotating) autoplay.play();
    else autoplay.stop();
  }, [embla, autoplay, rotating]);

  useEffect(() => {
    if (!embla) return;
    const resume = () => {
      if (rotatingRef.current) autoplay.play();
    };
    embla.on('pointerUp', resume);
    return () => {
      embla.off('pointerUp', resume);
    };
  }, [embla, autoplay]);

  useEffect(() => {
    if (!embla) return;
    const sync = () => setSelected(embla.selectedScrollSnap());
    sync();
    embla.on('select', sync).on('reInit', sync);
    return () => {
      embla.off('select', sync).off('reInit', sync);
    };
  }, [embla]);

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
          onClick={() => setPaused((value) => !value)}
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
          onClick={() => embla?.scrollPrev()}
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
          onClick={() => embla?.scrollNext()}
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
        <div className={classes.viewport} ref={viewportRef}>
          <div className={classes.container}>
            {items.map((item, index) => (
              <div
                key={getKey(item)}
                className={classes.slide}
                style={{ flexBasis: `${100 / perView}%` }}
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
