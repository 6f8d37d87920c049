/* The clocks' noise floor: N calls of a fixed ~2 us of work timed as replay_query times a call
 * (thread CPU clock outside the wall clock); prints max and p99.9 by each clock and CPU>wall counts. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <time.h>
static uint64_t ns(clockid_t c){struct timespec t;clock_gettime(c,&t);return (uint64_t)t.tv_sec*1000000000ull+t.tv_nsec;}
static int cmp(const void*a,const void*b){uint64_t x=*(const uint64_t*)a,y=*(const uint64_t*)b;return x<y?-1:x>y;}
volatile uint64_t sink;
int main(int argc,char**argv){
  int n=atoi(argv[1]), iters=atoi(argv[2]);
  uint64_t *cpu=malloc(n*8),*wall=malloc(n*8),*cl=malloc(n*8); int over=0; uint64_t least=~0ull;
  for(int i=0;i<1000;i++){uint64_t c0=ns(CLOCK_THREAD_CPUTIME_ID),t0=ns(CLOCK_MONOTONIC),t1=ns(CLOCK_MONOTONIC),d=ns(CLOCK_THREAD_CPUTIME_ID)-c0;(void)t0;(void)t1;if(d<least)least=d;}
  for(int i=0;i<n;i++){
    uint64_t c0=ns(CLOCK_THREAD_CPUTIME_ID), t0=ns(CLOCK_MONOTONIC);
    uint64_t x=i; for(int k=0;k<iters;k++) x=x*6364136223846793005ull+1442695040888963407ull; sink=x;
    uint64_t t1=ns(CLOCK_MONOTONIC), c1=ns(CLOCK_THREAD_CPUTIME_ID);
    cpu[i]=c1-c0; wall[i]=t1-t0; if(cpu[i]>wall[i]+1000) over++; {uint64_t c=cpu[i]>least?cpu[i]-least:0; cl[i]=c<wall[i]?c:wall[i];}
    /* the driver's bookkeeping between calls */
    for(int k=0;k<200;k++) x=x*3+1; sink=x;
  }
  qsort(cpu,n,8,cmp); qsort(wall,n,8,cmp); qsort(cl,n,8,cmp);
  size_t r=(size_t)((n*999+999)/1000)-1;
  printf("n=%d median_cpu=%.2f p999_cpu=%.2f max_cpu=%.2f | median_wall=%.2f p999_wall=%.2f max_wall=%.2f | clamped p999=%.2f max=%.2f | cpu>wall+1us %d\n",
    n,cpu[n/2]/1e3,cpu[r]/1e3,cpu[n-1]/1e3,wall[n/2]/1e3,wall[r]/1e3,wall[n-1]/1e3,cl[r]/1e3,cl[n-1]/1e3,over);
}
