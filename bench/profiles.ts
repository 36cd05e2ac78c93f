// The device profiles of the load scenario: a desktop (1280 × 800, the machine's own CPU and the
// loopback network) and a phone (390 × 844, the CPU slowed 4× and a slow 3G network, both through
// CDP: Emulation.setCPUThrottlingRate and Network.emulateNetworkConditions).
import type { CDPSession } from '@playwright/test';

export type ProfileName = 'desktop' | 'phone';
export const PROFILE_NAMES: readonly ProfileName[] = ['desktop', 'phone'];

export interface Profile {
  viewport: { width: number; height: number };
  /** 1 = not slowed. */
  cpuSlowdown: number;
  /** null = the loopback network as it is. */
  network: { latencyMs: number; downKbitPerS: number; upKbitPerS: number } | null;
}

export const PROFILES: Record<ProfileName, Profile> = {
  desktop: { viewport: { width: 1280, height: 800 }, cpuSlowdown: 1, network: null },
  phone: { viewport: { width: 390, height: 844 }, cpuSlowdown: 4, network: { latencyMs: 400, downKbitPerS: 400, upKbitPerS: 400 } },
};

/** Applies a profile's CPU and network conditions to a page's CDP session (before it navigates). */
export async function applyProfile(cdp: CDPSession, profile: Profile): Promise<void> {
  if (profile.cpuSlowdown !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  if (profile.network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.network.latencyMs,
      // Bytes per second.
      downloadThroughput: (profile.network.downKbitPerS * 1000) / 8,
      uploadThroughput: (profile.network.upKbitPerS * 1000) / 8,
    });
  }
}
