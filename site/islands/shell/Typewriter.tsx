import { useEffect, useRef, useState } from 'react';
import { characters, FOOTER_TYPEWRITER_MS_PER_CHAR, typedText, typewriterStep } from './typewriter.ts';

type Props = { text: string; msPerChar?: number; className?: string };

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Types `text` once it scrolls into view, one character per `msPerChar`. Screen readers get the
 * whole text once (an sr-only copy; the typing is hidden from them). Server HTML and reduced
 * motion show the whole text at once.
 */
export function Typewriter({ text, msPerChar = FOOTER_TYPEWRITER_MS_PER_CHAR, className = '' }: Props) {
  const length = characters(text).length;
  const [shown, setShown] = useState(length);
  const [typing, setTyping] = useState(false);
  const ref = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || prefersReducedMotion()) {
      setShown(length);
      return;
    }
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      setTyping(true);
      timer = setInterval(() => {
        setShown((current) => {
          const next = typewriterStep(current, length);
          if (next >= length) {
            clearInterval(timer);
            setTyping(false);
          }
          return next;
        });
      }, msPerChar);
    };
    setShown(0);
    if (typeof IntersectionObserver !== 'function') {
      start();
      return () => clearInterval(timer);
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        start();
      }
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      clearInterval(timer);
    };
  }, [length, msPerChar]);

  const caret = (
    <span className="ml-1 inline-block h-[0.9em] w-[0.5em] translate-y-[0.1em] animate-pulse rounded-[1px] bg-current" />
  );
  return (
    <span ref={ref} className={`relative inline-block ${className}`} data-typing={typing || undefined}>
      <span className="sr-only">{text}</span>
      {/* The whole text, invisible, holds the final size so typing never shifts the layout. */}
      <span aria-hidden="true" className="invisible">
        {text}
        {caret}
      </span>
      <span aria-hidden="true" className="absolute inset-0">
        {typedText(text, shown)}
        {caret}
      </span>
    </span>
  );
}
