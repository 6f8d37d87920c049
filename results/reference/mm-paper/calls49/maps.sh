DAO="dao/arena dao/brc203d dao/brc997d dao/den011d dao/den203d dao/den403d dao/den504d dao/den901d dao/lak100c dao/lak106d dao/lak203d dao/lak400d dao/lak506d dao/lak519d dao/lgt604d dao/orz106d dao/orz303d dao/orz704d dao/ost002d dao/oth999d"
ROOMS="rooms/16room_000 rooms/16room_008 rooms/32room_006 rooms/64room_004 rooms/8room_002"
