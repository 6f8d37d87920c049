MAPS="dao/brc203d dao/lak100c dao/lak400d dao/lak506d dao/orz303d rooms/32room_006 rooms/64room_004" ./cg.sh /work/scratch/first43/instr/build/gppc e3a-f20 1 :jps=128
MAPS="dao/brc203d dao/lak100c dao/lak400d dao/lak506d dao/orz303d rooms/32room_006 rooms/64room_004" ./cg.sh /work/scratch/first43/instr/build/gppc e3a-all all :jps=128
MAPS="dao/brc203d dao/lak100c dao/lak400d dao/lak506d dao/orz303d rooms/32room_006 rooms/64room_004" ./cg.sh /work/scratch/first43/instr/build/gppc e3b-f20 1 :jps=512
MAPS="dao/brc203d dao/lak100c dao/lak400d dao/lak506d dao/orz303d rooms/32room_006 rooms/64room_004" ./cg.sh /work/scratch/first43/instr/build/gppc e3b-all all :jps=512
