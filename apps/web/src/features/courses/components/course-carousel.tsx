import { UI, type CourseCard as CourseCardData } from '@lyceum/contract';
import { ActionIcon, Group, Skeleton, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { CourseCard, CourseCardSkeleton } from '../../../components/course-card';
import classes from './course-carousel.module.css';

/** Spec §9: one card under 768 px, two up to 1000 px, three above. */
function useSlidesPerView(): number {
  const tablet = useMediaQuery(`(min-width: ${UI.breakpoints.tablet}px)`, false, { getInitialValueInEffect: false });
  const desktop = useMediaQuery(`(min-width: ${UI.breakpoints.desktop + 1}px)`, false, {
    getInitialValueInEffect: false,
  });
  return desktop ? 3 : tablet ? 2 : 1;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export interface CourseCarouselProps {
  courses: readonly CourseCardData[];
  /** Names the carousel region, e.g. the section heading. */
  label: string;
}

/**
 * The home page's autoplay carousel (spec §2, §9): a card every 2.5 s, paused while the pointer is over it,
 * stopped once the keyboard moves into it (WAI-ARIA carousel pattern), and a pause/play button. Readers who ask
 * their system for reduced motion get it stopped from the start. Slide changes are announced only when the
 * visitor moves it, never while it rotates on its own.
 */
export function CourseCarousel({ courses, label }: CourseCarouselProps) {
  const regionId = useId();
  const perView = useSlidesPerView();
  const [autoplay] = useState(() =>
    Autoplay({
      delay: UI.carouselDelayMs,
      playOnInit: false,
      stopOnInteraction: true,
      stopOnFocusIn: false,
      stopOnMouseEnter: false,
    }),
  );
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, align: 'start' }, [autoplay]);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [hovered, setHovered] = useState(false);
  const [selected, setSelected] = useState(0);
  const [snapCount, setSnapCount] = useState(0);
  const rotating = !paused && !hovered && snapCount > 1;
  const rotatingRef = useRef(rotating);

  useEffect(() => {
    rotatingRef.current = rotating;
    if (!embla || embla.scrollSnapList().length < 2) return;
    if (rotating) autoplay.play();
    else autoplay.stop();
  }, [embla, autoplay, rotating]);

  useEffect(() => {
    if (!embla) return;
    const sync = () => {
      setSelected(embla.selectedScrollSnap());
      setSnapCount(embla.scrollSnapList().length);
    };
    // A swipe stops the timer (stopOnInteraction); it carries on afterwards unless the carousel is paused.
    const resume = () => {
      if (rotatingRef.current && embla.scrollSnapList().length > 1) autoplay.play();
    };
    sync();
    embla.on('select', sync).on('reInit', sync).on('pointerUp', resume);
    return () => {
      embla.off('select', sync).off('reInit', sync).off('pointerUp', resume);
    };
  }, [embla, autoplay]);

  const stopOnFocus = useCallback((event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(true);
  }, []);

  return (
    <div>
      <Group justify="flex-end" gap="xs" mb="sm">
        <ActionIcon
          variant="default"
          size={40}
          radius="xl"
          onClick={() => setPaused((value) => !value)}
          aria-label={paused ? 'Play the carousel' : 'Pause the carousel'}
          aria-controls={regionId}
          title={paused ? 'Play' : 'Pause'}
        >
          {paused ? <IconPlayerPlay size={18} aria-hidden /> : <IconPlayerPause size={18} aria-hidden />}
        </ActionIcon>
        <div className={classes.controls}>
          <ActionIcon
            variant="default"
            size={40}
            radius="xl"
            onClick={() => embla?.scrollPrev()}
            aria-label="Previous courses"
            aria-controls={regionId}
            disabled={snapCount < 2}
          >
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size={40}
            radius="xl"
            onClick={() => embla?.scrollNext()}
            aria-label="Next courses"
            aria-controls={regionId}
            disabled={snapCount < 2}
          >
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
        </div>
      </Group>
      <div
        id={regionId}
        role="region"
        aria-roledescription="carousel"
        aria-label={label}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={stopOnFocus}
        data-rotating={rotating || undefined}
      >
        <VisuallyHidden aria-live={rotating ? 'off' : 'polite'} aria-atomic>
          {snapCount > 1 ? `Showing ${selected + 1} of ${snapCount}` : ''}
        </VisuallyHidden>
        <div className={classes.viewport} ref={viewportRef}>
          <div className={classes.container}>
            {courses.map((course, index) => (
              <div
                key={course.id}
                className={classes.slide}
                style={{ flex: `0 0 ${100 / perView}%` }}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${courses.length}`}
              >
                <CourseCard course={course} headingOrder={3} />
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

/** The carousel's loading state: as many card placeholders as will show. */
export function CourseCarouselSkeleton() {
  const perView = useSlidesPerView();
  return (
    <div role="status">
      <VisuallyHidden>Loading courses…</VisuallyHidden>
      <Group justify="flex-end" gap="xs" mb="sm" aria-hidden>
        <Skeleton height={40} width={136} radius="xl" />
      </Group>
      <Group gap="lg" wrap="nowrap" align="stretch" aria-hidden>
        {Array.from({ length: perView }, (_, index) => (
          <div key={index} style={{ flex: 1, minWidth: 0 }}>
            <CourseCardSkeleton />
          </div>
        ))}
      </Group>
    </div>
  );
}
