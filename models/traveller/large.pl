% A generated traveller board (seed 1, 24 × 16 grid).
% Made by: gamebounds traveller generate --seed 1 --width 24 --height 16

% Goods: cubic feet per unit.
unit_volume(coal, 2.5).
unit_volume(diamonds, 0.01).
unit_volume(glasses, 1).
unit_volume(peaches, 1.5).
unit_volume(televisions, 8).

% Squares: square(S, X, Y).
square(1, 2, 0).
square(2, 3, 0).
square(3, 4, 0).
square(4, 6, 0).
square(5, 7, 0).
square(6, 8, 0).
square(7, 9, 0).
square(8, 10, 0).
square(9, 11, 0).
square(10, 12, 0).
square(11, 15, 0).
square(12, 16, 0).
square(13, 17, 0).
square(14, 18, 0).
square(15, 19, 0).
square(16, 20, 0).
square(17, 21, 0).
square(18, 22, 0).
square(19, 23, 0).
square(20, 0, 1).
square(21, 1, 1).
square(22, 2, 1).
square(23, 3, 1).
square(24, 4, 1).
square(25, 5, 1).
square(26, 6, 1).
square(27, 7, 1).
square(28, 8, 1).
square(29, 9, 1).
square(30, 11, 1).
square(31, 12, 1).
square(32, 14, 1).
square(33, 15, 1).
square(34, 16, 1).
square(35, 17, 1).
square(36, 18, 1).
square(37, 19, 1).
square(38, 20, 1).
square(39, 21, 1).
square(40, 22, 1).
square(41, 23, 1).
square(42, 0, 2).
square(43, 1, 2).
square(44, 2, 2).
square(45, 3, 2).
square(46, 4, 2).
square(47, 5, 2).
square(48, 6, 2).
square(49, 7, 2).
square(50, 8, 2).
square(51, 9, 2).
square(52, 10, 2).
square(53, 11, 2).
square(54, 12, 2).
square(55, 13, 2).
square(56, 14, 2).
square(57, 15, 2).
square(58, 16, 2).
square(59, 17, 2).
square(60, 18, 2).
square(61, 19, 2).
square(62, 20, 2).
square(63, 21, 2).
square(64, 22, 2).
square(65, 0, 3).
square(66, 1, 3).
square(67, 2, 3).
square(68, 3, 3).
square(69, 4, 3).
square(70, 5, 3).
square(71, 6, 3).
square(72, 7, 3).
square(73, 9, 3).
square(74, 10, 3).
square(75, 12, 3).
square(76, 13, 3).
square(77, 14, 3).
square(78, 15, 3).
square(79, 16, 3).
square(80, 17, 3).
square(81, 18, 3).
square(82, 19, 3).
square(83, 20, 3).
square(84, 21, 3).
square(85, 0, 4).
square(86, 1, 4).
square(87, 2, 4).
square(88, 3, 4).
square(89, 4, 4).
square(90, 5, 4).
square(91, 6, 4).
square(92, 7, 4).
square(93, 8, 4).
square(94, 9, 4).
square(95, 10, 4).
square(96, 11, 4).
square(97, 12, 4).
square(98, 13, 4).
square(99, 14, 4).
square(100, 15, 4).
square(101, 16, 4).
square(102, 17, 4).
square(103, 18, 4).
square(104, 19, 4).
square(105, 20, 4).
square(106, 21, 4).
square(107, 22, 4).
square(108, 23, 4).
square(109, 0, 5).
square(110, 1, 5).
square(111, 3, 5).
square(112, 4, 5).
square(113, 5, 5).
square(114, 6, 5).
square(115, 7, 5).
square(116, 8, 5).
square(117, 9, 5).
square(118, 10, 5).
square(119, 11, 5).
square(120, 12, 5).
square(121, 13, 5).
square(122, 14, 5).
square(123, 15, 5).
square(124, 16, 5).
square(125, 17, 5).
square(126, 18, 5).
square(127, 19, 5).
square(128, 20, 5).
square(129, 21, 5).
square(130, 22, 5).
square(131, 23, 5).
square(132, 0, 6).
square(133, 2, 6).
square(134, 3, 6).
square(135, 4, 6).
square(136, 5, 6).
square(137, 6, 6).
square(138, 7, 6).
square(139, 8, 6).
square(140, 9, 6).
square(141, 10, 6).
square(142, 12, 6).
square(143, 13, 6).
square(144, 14, 6).
square(145, 16, 6).
square(146, 17, 6).
square(147, 18, 6).
square(148, 19, 6).
square(149, 20, 6).
square(150, 21, 6).
square(151, 23, 6).
square(152, 0, 7).
square(153, 1, 7).
square(154, 2, 7).
square(155, 4, 7).
square(156, 5, 7).
square(157, 6, 7).
square(158, 7, 7).
square(159, 8, 7).
square(160, 9, 7).
square(161, 10, 7).
square(162, 11, 7).
square(163, 12, 7).
square(164, 13, 7).
square(165, 14, 7).
square(166, 15, 7).
square(167, 16, 7).
square(168, 17, 7).
square(169, 18, 7).
square(170, 19, 7).
square(171, 20, 7).
square(172, 21, 7).
square(173, 22, 7).
square(174, 0, 8).
square(175, 1, 8).
square(176, 2, 8).
square(177, 3, 8).
square(178, 4, 8).
square(179, 5, 8).
square(180, 6, 8).
square(181, 7, 8).
square(182, 8, 8).
square(183, 9, 8).
square(184, 10, 8).
square(185, 11, 8).
square(186, 12, 8).
square(187, 13, 8).
square(188, 14, 8).
square(189, 15, 8).
square(190, 16, 8).
square(191, 17, 8).
square(192, 18, 8).
square(193, 19, 8).
square(194, 20, 8).
square(195, 21, 8).
square(196, 22, 8).
square(197, 23, 8).
square(198, 0, 9).
square(199, 1, 9).
square(200, 2, 9).
square(201, 4, 9).
square(202, 5, 9).
square(203, 6, 9).
square(204, 7, 9).
square(205, 11, 9).
square(206, 12, 9).
square(207, 13, 9).
square(208, 17, 9).
square(209, 18, 9).
square(210, 20, 9).
square(211, 21, 9).
square(212, 0, 10).
square(213, 1, 10).
square(214, 2, 10).
square(215, 3, 10).
square(216, 4, 10).
square(217, 5, 10).
square(218, 6, 10).
square(219, 7, 10).
square(220, 11, 10).
square(221, 12, 10).
square(222, 13, 10).
square(223, 14, 10).
square(224, 15, 10).
square(225, 16, 10).
square(226, 17, 10).
square(227, 18, 10).
square(228, 19, 10).
square(229, 20, 10).
square(230, 21, 10).
square(231, 22, 10).
square(232, 23, 10).
square(233, 0, 11).
square(234, 1, 11).
square(235, 3, 11).
square(236, 4, 11).
square(237, 5, 11).
square(238, 6, 11).
square(239, 7, 11).
square(240, 9, 11).
square(241, 10, 11).
square(242, 11, 11).
square(243, 12, 11).
square(244, 13, 11).
square(245, 14, 11).
square(246, 15, 11).
square(247, 17, 11).
square(248, 18, 11).
square(249, 19, 11).
square(250, 20, 11).
square(251, 0, 12).
square(252, 1, 12).
square(253, 2, 12).
square(254, 3, 12).
square(255, 4, 12).
square(256, 5, 12).
square(257, 6, 12).
square(258, 7, 12).
square(259, 8, 12).
square(260, 9, 12).
square(261, 10, 12).
square(262, 11, 12).
square(263, 12, 12).
square(264, 13, 12).
square(265, 14, 12).
square(266, 15, 12).
square(267, 16, 12).
square(268, 17, 12).
square(269, 18, 12).
square(270, 19, 12).
square(271, 20, 12).
square(272, 21, 12).
square(273, 22, 12).
square(274, 23, 12).
square(275, 0, 13).
square(276, 1, 13).
square(277, 2, 13).
square(278, 3, 13).
square(279, 4, 13).
square(280, 5, 13).
square(281, 6, 13).
square(282, 7, 13).
square(283, 8, 13).
square(284, 9, 13).
square(285, 10, 13).
square(286, 11, 13).
square(287, 12, 13).
square(288, 14, 13).
square(289, 15, 13).
square(290, 16, 13).
square(291, 17, 13).
square(292, 18, 13).
square(293, 19, 13).
square(294, 20, 13).
square(295, 21, 13).
square(296, 22, 13).
square(297, 23, 13).
square(298, 0, 14).
square(299, 1, 14).
square(300, 2, 14).
square(301, 3, 14).
square(302, 4, 14).
square(303, 5, 14).
square(304, 6, 14).
square(305, 7, 14).
square(306, 8, 14).
square(307, 9, 14).
square(308, 10, 14).
square(309, 11, 14).
square(310, 12, 14).
square(311, 13, 14).
square(312, 14, 14).
square(313, 15, 14).
square(314, 16, 14).
square(315, 17, 14).
square(316, 18, 14).
square(317, 19, 14).
square(318, 20, 14).
square(319, 21, 14).
square(320, 22, 14).
square(321, 23, 14).
square(322, 0, 15).
square(323, 1, 15).
square(324, 2, 15).
square(325, 3, 15).
square(326, 4, 15).
square(327, 5, 15).
square(328, 6, 15).
square(329, 7, 15).
square(330, 11, 15).
square(331, 12, 15).
square(332, 13, 15).
square(333, 17, 15).
square(334, 18, 15).
square(335, 19, 15).
square(336, 20, 15).
square(337, 21, 15).
square(338, 22, 15).
square(339, 23, 15).

% Roads (driven both ways).
joins(20, 42).
joins(20, 21).
joins(42, 65).
joins(42, 43).
joins(65, 85).
joins(65, 66).
joins(85, 109).
joins(85, 86).
joins(109, 132).
joins(109, 110).
joins(132, 110).
joins(152, 174).
joins(152, 153).
joins(174, 198).
joins(174, 175).
joins(198, 212).
joins(198, 199).
joins(212, 233).
joins(212, 213).
joins(212, 234).
joins(233, 251).
joins(233, 213).
joins(233, 234).
joins(251, 252).
joins(275, 298).
joins(298, 322).
joins(298, 299).
joins(322, 323).
joins(21, 43).
joins(43, 66).
joins(43, 44).
joins(66, 67).
joins(86, 110).
joins(86, 67).
joins(86, 87).
joins(153, 154).
joins(175, 199).
joins(175, 176).
joins(199, 213).
joins(199, 176).
joins(199, 200).
joins(213, 234).
joins(213, 214).
joins(234, 252).
joins(252, 276).
joins(252, 253).
joins(276, 299).
joins(276, 277).
joins(299, 323).
joins(323, 324).
joins(1, 22).
joins(1, 2).
joins(22, 44).
joins(44, 67).
joins(44, 45).
joins(44, 68).
joins(67, 87).
joins(87, 88).
joins(133, 134).
joins(154, 176).
joins(176, 200).
joins(176, 177).
joins(200, 214).
joins(214, 215).
joins(253, 277).
joins(253, 254).
joins(277, 300).
joins(277, 278).
joins(324, 325).
joins(2, 23).
joins(2, 3).
joins(23, 45).
joins(23, 24).
joins(45, 68).
joins(45, 46).
joins(68, 88).
joins(88, 111).
joins(88, 89).
joins(111, 134).
joins(111, 112).
joins(134, 135).
joins(177, 178).
joins(215, 235).
joins(215, 216).
joins(235, 254).
joins(254, 255).
joins(278, 301).
joins(278, 279).
joins(301, 325).
joins(301, 302).
joins(325, 326).
joins(3, 24).
joins(24, 46).
joins(24, 25).
joins(46, 69).
joins(46, 47).
joins(69, 89).
joins(69, 70).
joins(89, 112).
joins(89, 90).
joins(112, 135).
joins(112, 113).
joins(135, 155).
joins(135, 113).
joins(135, 136).
joins(155, 178).
joins(155, 136).
joins(155, 156).
joins(178, 179).
joins(201, 202).
joins(216, 236).
joins(216, 217).
joins(236, 255).
joins(236, 237).
joins(255, 279).
joins(255, 256).
joins(279, 302).
joins(279, 280).
joins(279, 303).
joins(302, 326).
joins(302, 303).
joins(302, 327).
joins(326, 327).
joins(25, 47).
joins(25, 26).
joins(47, 70).
joins(47, 48).
joins(70, 90).
joins(70, 71).
joins(90, 113).
joins(90, 91).
joins(113, 136).
joins(113, 114).
joins(156, 179).
joins(156, 157).
joins(179, 202).
joins(179, 180).
joins(202, 203).
joins(202, 218).
joins(217, 218).
joins(237, 256).
joins(237, 238).
joins(256, 280).
joins(256, 257).
joins(280, 303).
joins(280, 281).
joins(303, 327).
joins(303, 304).
joins(327, 328).
joins(4, 26).
joins(26, 48).
joins(48, 71).
joins(48, 49).
joins(71, 91).
joins(71, 72).
joins(91, 114).
joins(91, 92).
joins(114, 137).
joins(114, 115).
joins(137, 157).
joins(157, 180).
joins(157, 158).
joins(180, 203).
joins(180, 181).
joins(203, 218).
joins(203, 181).
joins(203, 204).
joins(218, 238).
joins(218, 219).
joins(218, 239).
joins(238, 257).
joins(238, 239).
joins(257, 281).
joins(257, 258).
joins(281, 304).
joins(281, 282).
joins(304, 328).
joins(304, 305).
joins(328, 329).
joins(5, 6).
joins(27, 49).
joins(27, 28).
joins(49, 50).
joins(72, 92).
joins(92, 115).
joins(92, 93).
joins(115, 116).
joins(138, 158).
joins(158, 159).
joins(181, 204).
joins(181, 182).
joins(204, 219).
joins(219, 239).
joins(239, 258).
joins(258, 282).
joins(258, 259).
joins(282, 259).
joins(282, 283).
joins(305, 329).
joins(305, 283).
joins(305, 306).
joins(6, 28).
joins(6, 7).
joins(28, 50).
joins(50, 51).
joins(93, 116).
joins(93, 94).
joins(116, 139).
joins(116, 117).
joins(139, 159).
joins(139, 117).
joins(139, 140).
joins(159, 182).
joins(159, 160).
joins(182, 183).
joins(259, 283).
joins(259, 260).
joins(283, 284).
joins(306, 307).
joins(7, 8).
joins(29, 51).
joins(51, 73).
joins(51, 52).
joins(73, 94).
joins(73, 74).
joins(94, 117).
joins(94, 95).
joins(117, 118).
joins(140, 141).
joins(160, 183).
joins(160, 161).
joins(183, 184).
joins(240, 260).
joins(240, 241).
joins(260, 284).
joins(260, 261).
joins(284, 307).
joins(284, 285).
joins(307, 308).
joins(52, 53).
joins(74, 95).
joins(95, 118).
joins(95, 96).
joins(118, 141).
joins(118, 96).
joins(118, 119).
joins(141, 162).
joins(161, 162).
joins(184, 185).
joins(241, 261).
joins(261, 285).
joins(261, 262).
joins(285, 308).
joins(285, 286).
joins(308, 309).
joins(9, 10).
joins(30, 31).
joins(53, 54).
joins(96, 97).
joins(119, 120).
joins(162, 185).
joins(162, 163).
joins(185, 205).
joins(185, 186).
joins(205, 220).
joins(205, 206).
joins(220, 242).
joins(220, 221).
joins(242, 262).
joins(262, 286).
joins(262, 263).
joins(286, 287).
joins(309, 330).
joins(330, 331).
joins(10, 31).
joins(31, 54).
joins(54, 75).
joins(54, 55).
joins(75, 97).
joins(75, 76).
joins(97, 120).
joins(97, 98).
joins(120, 142).
joins(120, 121).
joins(142, 163).
joins(142, 143).
joins(163, 186).
joins(163, 164).
joins(186, 206).
joins(186, 187).
joins(206, 221).
joins(206, 207).
joins(206, 222).
joins(221, 243).
joins(221, 222).
joins(243, 263).
joins(243, 244).
joins(263, 287).
joins(263, 264).
joins(287, 310).
joins(310, 331).
joins(310, 311).
joins(331, 332).
joins(55, 76).
joins(55, 56).
joins(76, 77).
joins(76, 99).
joins(98, 121).
joins(98, 99).
joins(121, 122).
joins(143, 164).
joins(164, 187).
joins(164, 165).
joins(187, 207).
joins(187, 188).
joins(207, 222).
joins(222, 244).
joins(222, 223).
joins(244, 264).
joins(264, 265).
joins(311, 332).
joins(311, 312).
joins(332, 312).
joins(32, 33).
joins(56, 33).
joins(77, 99).
joins(77, 78).
joins(99, 122).
joins(99, 100).
joins(122, 144).
joins(122, 123).
joins(144, 165).
joins(165, 188).
joins(188, 189).
joins(223, 245).
joins(223, 224).
joins(245, 265).
joins(245, 246).
joins(265, 288).
joins(265, 266).
joins(288, 312).
joins(288, 289).
joins(312, 313).
joins(11, 33).
joins(33, 57).
joins(33, 12).
joins(33, 34).
joins(57, 78).
joins(57, 79).
joins(78, 100).
joins(78, 79).
joins(100, 123).
joins(100, 101).
joins(123, 124).
joins(123, 145).
joins(166, 189).
joins(166, 167).
joins(189, 167).
joins(189, 190).
joins(224, 246).
joins(224, 225).
joins(246, 266).
joins(266, 267).
joins(289, 313).
joins(313, 314).
joins(12, 13).
joins(12, 35).
joins(34, 58).
joins(34, 35).
joins(34, 59).
joins(58, 35).
joins(58, 59).
joins(79, 80).
joins(101, 124).
joins(101, 80).
joins(101, 102).
joins(124, 145).
joins(124, 125).
joins(145, 167).
joins(145, 146).
joins(167, 190).
joins(190, 191).
joins(225, 226).
joins(225, 247).
joins(267, 290).
joins(267, 268).
joins(290, 314).
joins(314, 315).
joins(13, 14).
joins(35, 36).
joins(59, 80).
joins(59, 60).
joins(80, 102).
joins(80, 81).
joins(102, 125).
joins(102, 103).
joins(125, 146).
joins(125, 126).
joins(125, 147).
joins(146, 168).
joins(168, 191).
joins(168, 169).
joins(191, 192).
joins(208, 226).
joins(247, 268).
joins(247, 227).
joins(247, 248).
joins(268, 291).
joins(268, 269).
joins(268, 292).
joins(291, 269).
joins(291, 292).
joins(315, 316).
joins(333, 316).
joins(333, 334).
joins(14, 36).
joins(14, 15).
joins(36, 60).
joins(60, 81).
joins(60, 61).
joins(81, 103).
joins(81, 82).
joins(103, 126).
joins(103, 104).
joins(126, 147).
joins(126, 127).
joins(147, 169).
joins(147, 148).
joins(169, 192).
joins(192, 209).
joins(192, 193).
joins(209, 227).
joins(227, 248).
joins(227, 228).
joins(248, 269).
joins(248, 249).
joins(269, 292).
joins(269, 270).
joins(292, 316).
joins(292, 293).
joins(316, 334).
joins(15, 16).
joins(37, 38).
joins(61, 82).
joins(61, 62).
joins(82, 104).
joins(82, 83).
joins(104, 127).
joins(104, 105).
joins(127, 148).
joins(127, 128).
joins(148, 170).
joins(148, 149).
joins(148, 171).
joins(170, 193).
joins(170, 171).
joins(193, 194).
joins(228, 249).
joins(228, 229).
joins(249, 270).
joins(249, 250).
joins(270, 293).
joins(270, 271).
joins(293, 317).
joins(317, 335).
joins(317, 318).
joins(335, 336).
joins(16, 38).
joins(62, 63).
joins(83, 105).
joins(83, 84).
joins(105, 128).
joins(105, 106).
joins(128, 129).
joins(128, 150).
joins(149, 171).
joins(171, 194).
joins(171, 172).
joins(194, 210).
joins(194, 195).
joins(210, 211).
joins(229, 250).
joins(250, 271).
joins(271, 294).
joins(271, 272).
joins(294, 295).
joins(318, 336).
joins(318, 319).
joins(336, 337).
joins(17, 18).
joins(39, 63).
joins(39, 40).
joins(63, 84).
joins(84, 106).
joins(106, 129).
joins(106, 107).
joins(129, 150).
joins(129, 130).
joins(172, 195).
joins(195, 196).
joins(211, 230).
joins(230, 231).
joins(272, 295).
joins(272, 273).
joins(272, 296).
joins(295, 319).
joins(295, 296).
joins(319, 337).
joins(319, 320).
joins(337, 338).
joins(18, 40).
joins(18, 19).
joins(40, 64).
joins(40, 41).
joins(107, 130).
joins(107, 108).
joins(130, 131).
joins(173, 196).
joins(196, 197).
joins(231, 232).
joins(273, 274).
joins(296, 320).
joins(296, 297).
joins(320, 338).
joins(320, 321).
joins(338, 321).
joins(338, 339).
joins(19, 41).
joins(131, 151).
joins(274, 297).
joins(297, 321).
joins(321, 339).

% Named loops.
loop('The Hub').
in(162, 'The Hub').
in(163, 'The Hub').
in(164, 'The Hub').
in(187, 'The Hub').
in(207, 'The Hub').
in(206, 'The Hub').
in(205, 'The Hub').
in(185, 'The Hub').
loop('North-West Circus').
in(70, 'North-West Circus').
in(71, 'North-West Circus').
in(72, 'North-West Circus').
in(92, 'North-West Circus').
in(115, 'North-West Circus').
in(114, 'North-West Circus').
in(113, 'North-West Circus').
in(90, 'North-West Circus').
loop('North-East Circus').
in(80, 'North-East Circus').
in(81, 'North-East Circus').
in(82, 'North-East Circus').
in(104, 'North-East Circus').
in(127, 'North-East Circus').
in(126, 'North-East Circus').
in(125, 'North-East Circus').
in(102, 'North-East Circus').
loop('South-West Circus').
in(237, 'South-West Circus').
in(238, 'South-West Circus').
in(239, 'South-West Circus').
in(258, 'South-West Circus').
in(282, 'South-West Circus').
in(281, 'South-West Circus').
in(280, 'South-West Circus').
in(256, 'South-West Circus').
loop('South-East Circus').
in(247, 'South-East Circus').
in(248, 'South-East Circus').
in(249, 'South-East Circus').
in(270, 'South-East Circus').
in(293, 'South-East Circus').
in(292, 'South-East Circus').
in(291, 'South-East Circus').
in(268, 'South-East Circus').

% Buildings.
building(113, 'Coal Wholesale 1').
building(324, 'Coal Market 1').
building(95, 'Coal Wholesale 2').
building(142, 'Coal Market 2').
building(228, 'Coal Wholesale 3').
building(257, 'Coal Market 3').
building(222, 'Coal Wholesale 4').
building(230, 'Coal Market 4').
building(21, 'Coal Wholesale 5').
building(129, 'Coal Market 5').
building(229, 'Diamonds Wholesale 1').
building(134, 'Diamonds Market 1').
building(244, 'Diamonds Wholesale 2').
building(149, 'Diamonds Market 2').
building(318, 'Diamonds Wholesale 3').
building(139, 'Diamonds Market 3').
building(306, 'Diamonds Wholesale 4').
building(291, 'Diamonds Market 4').
building(196, 'Diamonds Wholesale 5').
building(25, 'Diamonds Market 5').
building(34, 'Glasses Wholesale 1').
building(2, 'Glasses Market 1').
building(13, 'Glasses Wholesale 2').
building(83, 'Glasses Market 2').
building(284, 'Glasses Wholesale 3').
building(282, 'Glasses Market 3').
building(236, 'Glasses Wholesale 4').
building(295, 'Glasses Market 4').
building(281, 'Glasses Wholesale 5').
building(7, 'Glasses Market 5').
building(336, 'Peaches Wholesale 1').
building(18, 'Peaches Market 1').
building(140, 'Peaches Wholesale 2').
building(108, 'Peaches Market 2').
building(186, 'Peaches Wholesale 3').
building(185, 'Peaches Market 3').
building(314, 'Peaches Wholesale 4').
building(311, 'Peaches Market 4').
building(253, 'Peaches Wholesale 5').
building(157, 'Peaches Market 5').
building(180, 'Televisions Wholesale 1').
building(141, 'Televisions Market 1').
building(309, 'Televisions Wholesale 2').
building(155, 'Televisions Market 2').
building(283, 'Televisions Wholesale 3').
building(9, 'Televisions Market 3').
building(173, 'Televisions Wholesale 4').
building(170, 'Televisions Market 4').
building(138, 'Televisions Wholesale 5').
building(27, 'Televisions Market 5').
building(197, 'Garage 1').
building(120, 'Garage 2').
building(153, 'Garage 3').
building(285, 'Garage 4').
building(275, 'Garage 5').
building(29, 'Garage 6').
building(109, 'Garage 7').
building(234, 'Garage 8').
building(40, 'Garage 9').
building(126, 'Garage 10').
building(102, 'Garage 11').

% Wholesalers: the trader buys here.
sells('Coal Wholesale 1', coal, 4.25).
sells('Coal Wholesale 2', coal, 4.25).
sells('Coal Wholesale 3', coal, 3.75).
sells('Coal Wholesale 4', coal, 4.5).
sells('Coal Wholesale 5', coal, 4.25).
sells('Diamonds Wholesale 1', diamonds, 694).
sells('Diamonds Wholesale 2', diamonds, 711).
sells('Diamonds Wholesale 3', diamonds, 761).
sells('Diamonds Wholesale 4', diamonds, 711).
sells('Diamonds Wholesale 5', diamonds, 722).
sells('Glasses Wholesale 1', glasses, 10.5).
sells('Glasses Wholesale 2', glasses, 9).
sells('Glasses Wholesale 3', glasses, 9.25).
sells('Glasses Wholesale 4', glasses, 9.25).
sells('Glasses Wholesale 5', glasses, 9.75).
sells('Peaches Wholesale 1', peaches, 3.25).
sells('Peaches Wholesale 2', peaches, 3.25).
sells('Peaches Wholesale 3', peaches, 3).
sells('Peaches Wholesale 4', peaches, 3).
sells('Peaches Wholesale 5', peaches, 3.5).
sells('Televisions Wholesale 1', televisions, 115).
sells('Televisions Wholesale 2', televisions, 133).
sells('Televisions Wholesale 3', televisions, 130).
sells('Televisions Wholesale 4', televisions, 142).
sells('Televisions Wholesale 5', televisions, 137).

% Retailers: the trader sells here.
buys('Coal Market 1', coal, 6).
buys('Coal Market 2', coal, 6.75).
buys('Coal Market 3', coal, 5.5).
buys('Coal Market 4', coal, 6.25).
buys('Coal Market 5', coal, 5.75).
buys('Diamonds Market 1', diamonds, 1088).
buys('Diamonds Market 2', diamonds, 1099).
buys('Diamonds Market 3', diamonds, 1199).
buys('Diamonds Market 4', diamonds, 1216).
buys('Diamonds Market 5', diamonds, 1102).
buys('Glasses Market 1', glasses, 15.75).
buys('Glasses Market 2', glasses, 14.5).
buys('Glasses Market 3', glasses, 16).
buys('Glasses Market 4', glasses, 13.25).
buys('Glasses Market 5', glasses, 14.25).
buys('Peaches Market 1', peaches, 4.75).
buys('Peaches Market 2', peaches, 5.5).
buys('Peaches Market 3', peaches, 5).
buys('Peaches Market 4', peaches, 5.25).
buys('Peaches Market 5', peaches, 4.5).
buys('Televisions Market 1', televisions, 170).
buys('Televisions Market 2', televisions, 195).
buys('Televisions Market 3', televisions, 179).
buys('Televisions Market 4', televisions, 193).
buys('Televisions Market 5', televisions, 210).

% Fuel stations.
sells_fuel('Garage 1', 8).
sells_fuel('Garage 2', 6).
sells_fuel('Garage 3', 5).
sells_fuel('Garage 4', 8).
sells_fuel('Garage 5', 7).
sells_fuel('Garage 6', 6).
sells_fuel('Garage 7', 8).
sells_fuel('Garage 8', 6).
sells_fuel('Garage 9', 5).
sells_fuel('Garage 10', 5).
sells_fuel('Garage 11', 7).
