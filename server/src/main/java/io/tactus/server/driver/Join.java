package io.tactus.server.driver;

/**
 * Joins a driver thread even if the closing thread is interrupted, then restores the interrupt. Close
 * must not return while an I/O thread still holds data, or samples would be lost; the cost is that an
 * interrupt cannot cut a close short.
 */
final class Join {

    private Join() {
    }

    static void uninterruptibly(Thread thread) {
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
