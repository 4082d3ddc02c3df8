package io.tactus.server.driver;

import javax.sound.sampled.DataLine;
import java.util.concurrent.locks.LockSupport;

/**
 * Joins a driver thread even if the closing thread is interrupted, then restores the interrupt. Close
 * must not return while an I/O thread still holds data, or samples would be lost; the cost is that an
 * interrupt cannot cut a close short.
 */
public final class Join {

    private Join() {
    }

    /**
     * Ends a line's I/O thread: wakes it if parked, stops and flushes the line (which releases a read or
     * write blocked on it), closes the line for good and joins the thread. The caller has already told
     * the thread it is closing.
     */
    public static void closeLine(DataLine line, Thread thread) {
        LockSupport.unpark(thread);
        line.stop();
        line.flush();
        line.close();
        uninterruptibly(thread);
    }

    public static void uninterruptibly(Thread thread) {
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
